export { MoneyInput } from './MoneyInput';
export type { MoneyInputProps } from './MoneyInput';
export { MoneyText } from './MoneyText';
export { centsToDollars, dollarsToCents, formatDollars, sumDollars } from './money';
