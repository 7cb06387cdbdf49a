import type { CategoryKey } from './keys';
import { NAMES, PROCESSOR_CATEGORIES, WORDS } from './merchants';

export type Direction = 'SPENT' | 'DEPOSITED';

/** A phrase of the knowledge as matched: its letters and digits only ('wal-mart' and 'walmart' are one). */
function compact(phrase: string): string {
  return phrase.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function indexOf(table: Readonly<Partial<Record<CategoryKey, readonly string[]>>>): Map<string, CategoryKey> {
  const index = new Map<string, CategoryKey>();
  for (const [key, phrases] of Object.entries(table) as [CategoryKey, readonly string[]][]) {
    for (const phrase of phrases) index.set(compact(phrase), key);
  }
  return index;
}

const NAME_INDEX = indexOf(NAMES);
const WORD_INDEX = indexOf(WORDS);
/** No entry is longer than this many of a description's words. */
const LONGEST_PHRASE = 5;

/** The words of a description: 'MCDONALD'S #123' is ['mcdonalds', '123']. */
function descriptionWords(description: string): string[] {
  return description
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The best entry of `index` found in the words: the most specific (the longest phrase, so 'AMAZON
 * PRIME' beats 'AMAZON' and 'ATM FEE' beats 'ATM'), then the first in the description; only
 * categories `allowed` for the row's direction count.
 */
function bestMatch(
  words: readonly string[],
  index: ReadonlyMap<string, CategoryKey>,
  allowed: (key: CategoryKey) => boolean,
): CategoryKey | null {
  let best: CategoryKey | null = null;
  let bestLength = 0;
  for (let start = 0; start < words.length; start += 1) {
    let joined = '';
    for (let end = start; end < Math.min(words.length, start + LONGEST_PHRASE); end += 1) {
      joined += words[end];
      const key = index.get(joined);
      if (key !== undefined && joined.length > bestLength && allowed(key)) {
        best = key;
        bestLength = joined.length;
      }
    }
  }
  return best;
}

/**
 * What a category can mean for a row moving this way. Money in at a shop is a refund and keeps the
 * shop's category; but pay never leaves, cash taken out never comes in, and money in from a lender
 * or card issuer is not a payment of that debt.
 */
function allowedFor(direction: Direction): (key: CategoryKey) => boolean {
  return direction === 'SPENT'
    ? (key) => key !== 'INCOME'
    : (key) => key !== 'CASH' && key !== 'DEBT_PAYMENTS';
}

/** A card's own statement shows its payment from checking as money in: a transfer between the household's wallets. */
const CARD_PAID =
  /\b(?:payment|pymt|pmt)\b.*\bthank you\b|\bthank you\b.*\b(?:payment|pymt|pmt)\b|\bpayment received\b/i;

/**
 * core's own knowledge of a row's category (docs/product-rules.md, where the money goes): from how
 * US banks and card processors write merchants. Null when the description says too little: an
 * uncategorized row is better than a wild guess.
 */
export function builtInCategory(description: string, direction: Direction): CategoryKey | null {
  if (direction === 'DEPOSITED' && CARD_PAID.test(description)) return 'TRANSFERS';
  const words = descriptionWords(description);
  const allowed = allowedFor(direction);
  const named = bestMatch(words, NAME_INDEX, allowed);
  if (named) return named;
  for (const [pattern, key] of PROCESSOR_CATEGORIES)
    if (pattern.test(description) && allowed(key)) return key;
  if (words.includes('interest')) return direction === 'DEPOSITED' ? 'INCOME' : 'FEES';
  return bestMatch(words, WORD_INDEX, allowed);
}
