/** The two-letter codes of US states and territories, as a card purchase ends: 'DENVER CO'. */
const STATES = new Set(
  (
    'al ak az ar ca co ct de fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc nd oh ok ' +
    'or pa ri sc sd tn tx ut vt va wa wv wi wy dc pr vi gu'
  ).split(' '),
);

/**
 * The key a household's teaching is kept under: the payee key without the town a card purchase
 * ends with ('kims denver co' and 'kims tampa fl' are one shop's), so a correction made in one
 * town holds in the next. Only a key of three words or more ending in a state code loses its last
 * two words.
 */
export function learningKey(payeeKey: string): string {
  const words = payeeKey.split(' ');
  if (words.length < 3 || !STATES.has(words[words.length - 1] as string)) return payeeKey;
  return words.slice(0, -2).join(' ');
}
