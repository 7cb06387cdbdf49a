import { formatDollars } from './money';

interface MoneyTextProps {
  /** Dollars (a GraphQL `Money`). */
  value: number | null | undefined;
  /** Shown when the value is null or undefined. */
  empty?: string;
  className?: string;
}

/** An amount in en-US dollars, red when negative. */
export function MoneyText({ value, empty = '', className }: MoneyTextProps) {
  if (value === null || value === undefined) return <span className={className}>{empty}</span>;
  const classes = [className, value < 0 ? 'text-danger' : undefined].filter(Boolean).join(' ');
  return <span className={classes || undefined}>{formatDollars(value)}</span>;
}
