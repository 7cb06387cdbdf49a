/**
 * What a person types into a dollar field, read as they type it: any '$', commas and spaces are
 * ignored, a minus anywhere makes it negative, the first '.' starts the cents (at most 2 kept).
 * The text comes back formatted for the field ('-$1,234.5'), without padding the cents while typing.
 */
export function typedMoney(raw: string): { text: string; value: number | null } {
  const negative = raw.includes('-');
  const kept = raw.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  const whole = (dot === -1 ? kept : kept.slice(0, dot)).replace(/^0+(?=\d)/, '');
  const cents =
    dot === -1
      ? ''
      : kept
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, 2);
  const sign = negative ? '-' : '';
  if (!whole && dot === -1) return { text: sign, value: null };
  const grouped = (whole || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${sign}$${grouped}${dot === -1 ? '' : `.${cents}`}`;
  const amount = Math.round(Number(`${whole || '0'}.${cents || '0'}`) * 100) / 100;
  return { text, value: negative ? -amount : amount };
}

const SIGNIFICANT = /[\d.]/;

/** How many digits and points come before `caret` in `text`: what the caret's place means. */
export function digitsBefore(text: string, caret: number): number {
  return [...text.slice(0, caret)].filter((char) => SIGNIFICANT.test(char)).length;
}

/** The caret position in a formatted `text` after `count` digits and points (after the '$' for 0). */
export function caretAfterDigits(text: string, count: number): number {
  if (count === 0) return text.indexOf('$') + 1;
  let seen = 0;
  for (let index = 0; index < text.length; index++) {
    if (SIGNIFICANT.test(text[index]!)) seen += 1;
    if (seen === count) return index + 1;
  }
  return text.length;
}
