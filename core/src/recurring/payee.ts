/**
 * A bank description reduced to the payee it names (docs/product-rules.md, found in your bank):
 * 'POS DEBIT CARD 1234 NETFLIX.COM 866-579-7172' and 'NETFLIX.COM 02/14 #88213' are both
 * 'netflix.com'. What goes is what banks and card processors add around a payee: the words of the
 * payment method, card numbers, processor prefixes (SQ *, TST*, PAYPAL *), reference and
 * transaction numbers, phone numbers, dates and store numbers. Digits that name the payee stay
 * when they follow TO or FROM (an account number of a transfer).
 */

/** Whole words that say how a payment travelled, never who it went to. */
const METHOD_WORDS = new Set([
  'pos',
  'debit',
  'ach',
  'purchase',
  'checkcard',
  'visa',
  'mastercard',
  'recurring',
  'withdrawal',
  'ppd',
  'ccd',
  'web',
  'pmt',
  'payment',
  'autopay',
]);

/** 'TO ACCT 1234', 'FROM SAVINGS 5678': the digits after these name an account. */
const ACCOUNT_WORDS = new Set(['acct', 'account', 'checking', 'savings', 'chk', 'sav']);

const PATTERNS: readonly RegExp[] = [
  // Wells Fargo's 'PURCHASE AUTHORIZED ON 02/14'; an ACH line's 'CREDIT' or 'DEPOSIT'.
  /\bauthorized on\b/g,
  /\bach (?:credit|deposit|pmt|payment)\b/g,
  // Phone numbers: 866-579-7172, (866) 579-7172, 866.579.7172, 8665797172 after a space.
  /\(?\b\d{3}\)?[-. ]\d{3}[-. ]\d{4}\b/g,
  // Dates: 02/14, 02-14-26, 2026-02-14, 14.02.2026.
  /\b\d{4}-\d{2}-\d{2}\b/g,
  /\b\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\b/g,
  // Card numbers: CARD 1234, CARD XXXX1234, CARD ENDING IN 1234.
  /\bcard\s*(?:ending\s*(?:in\s*)?)?[x*#\d]{2,}\b/g,
  // Processor prefixes: SQ *, TST*, PAYPAL *, SP *.
  /\b(?:sq|tst|paypal|sp|pp)\s*\*/g,
  // Reference and transaction numbers named as such.
  /\b(?:ref|reference|trx|txn|trace|conf|confirmation|auth|seq|id|transaction|trans)\b\s*(?:no\.?|number|#)?\s*[:#]?\s*[a-z]*\d[\w-]*/g,
  // A merchant's order reference after a star: AMAZON PRIME*2K4LL0.
  /\*\s*[a-z]*\d[a-z0-9]*/g,
  // Store numbers: #1234, # 88.
  /#\s*\d+/g,
];

/** Punctuation a bank pads words with; a dot inside a word (netflix.com) stays. */
function trimWord(word: string): string {
  return word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/**
 * A reference-like word: four digits or more, alone or mixed with letters (A123456, 000123), or
 * letters and digits interleaved as codes are (P2C8F1), which no payee's name is.
 */
function isReference(word: string): boolean {
  const digits = (word.match(/\d/g) ?? []).length;
  return digits >= 4 || (digits >= 2 && word.length >= 5 && /\d[a-z]+\d/.test(word));
}

/** The payee key of a description: lower case, noise removed, words joined by one space. */
export function payeeKey(description: string): string {
  let text = ` ${description.toLowerCase()} `;
  for (const pattern of PATTERNS) text = text.replace(pattern, ' ');
  const words = text.split(/\s+/).map(trimWord).filter(Boolean);
  const kept: string[] = [];
  words.forEach((word, index) => {
    const previous = words[index - 1];
    const beforeThat = words[index - 2];
    const namesAccount =
      previous === 'to' ||
      previous === 'from' ||
      (ACCOUNT_WORDS.has(previous ?? '') && (beforeThat === 'to' || beforeThat === 'from'));
    if (METHOD_WORDS.has(word)) return;
    if (isReference(word) && !namesAccount) return;
    kept.push(word);
  });
  const key = kept.join(' ');
  return key === '' ? description.replace(/\s+/g, ' ').trim().toLowerCase() : key;
}

/** How a payee key reads on screen: its words in title case, at most 60 characters. */
export function payeeName(key: string): string {
  const titled = key.replace(/(^|[\s/&+-])(\p{L})/gu, (_match, before: string, letter: string) => {
    return `${before}${letter.toUpperCase()}`;
  });
  return titled.length <= 60 ? titled : `${titled.slice(0, 59).trimEnd()}…`;
}
