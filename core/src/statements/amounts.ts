import type { Cents } from '../types';

/**
 * Cents of an amount as banks write it: '-1234.5', '1,234.56', '$1,234.56', '(12.34)', '12.34-',
 * '+5', and with `decimalComma` '1.234,56'. More than 2 decimals round to cents, half away from
 * zero. Null when the text is no amount.
 */
export function statementCents(raw: string, decimalComma = false): Cents | null {
  let text = raw.replace(/[\s\u00a0$€£]/g, '');
  if (text === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) {
    text = text.slice(1);
  }
  const [groupSeparator, decimalSeparator] = decimalComma ? ['.', ','] : [',', '.'];
  // A group separator stands only between groups of three digits: '12,50' read as twelve
  // hundred and fifty would be a wrong amount, so it is no amount at all (the row is reported).
  const integerPart = text.split(decimalSeparator)[0] ?? '';
  if (
    integerPart.includes(groupSeparator) &&
    !new RegExp(`^\\d{1,3}(\\${groupSeparator}\\d{3})+$`).test(integerPart)
  ) {
    return null;
  }
  text = text.split(groupSeparator).join('');
  if (decimalSeparator === ',') text = text.replace(',', '.');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  const whole = match[1] || '0';
  const decimals = match[2] ?? '';
  if (whole.length > 12) return null;
  let cents = Number(whole) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  // Half away from zero on the magnitude: the sign is applied after.
  if (decimals.length > 2 && Number(decimals[2]) >= 5) cents += 1;
  return negative && cents !== 0 ? -cents : cents;
}
