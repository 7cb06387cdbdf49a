import { formatDollars } from '../../components/money/money';
import { monthName, shortMonth } from './debtsView';

interface DebtBalanceChartProps {
  /** The plan's months with the total balance after each one's payments (dollars). */
  balances: readonly { month: string; balance: number }[];
  startBalance: number;
}

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 4;

/**
 * The total debt month by month as a filled line (SVG: a few hundred points at most, no library),
 * described in words for screen readers.
 */
export function DebtBalanceChart({ balances, startBalance }: DebtBalanceChartProps) {
  if (balances.length === 0) return null;
  const top = Math.max(startBalance, ...balances.map((entry) => entry.balance), 1);
  const steps = Math.max(balances.length, 1);
  const x = (index: number) => PAD + ((WIDTH - 2 * PAD) * index) / steps;
  const y = (balance: number) => PAD + (HEIGHT - 2 * PAD) * (1 - balance / top);
  const points = [
    `${x(0)},${y(startBalance)}`,
    ...balances.map((entry, i) => `${x(i + 1)},${y(entry.balance)}`),
  ];
  const first = balances[0]!;
  const last = balances[balances.length - 1]!;
  const label = `Total debt from ${formatDollars(startBalance)} now to ${formatDollars(last.balance)} in ${monthName(last.month)}`;
  return (
    <figure className="mb-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        preserveAspectRatio="none"
        width="100%"
        height="140"
        style={{ display: 'block' }}
      >
        <polygon
          points={`${points.join(' ')} ${x(steps)},${HEIGHT - PAD} ${x(0)},${HEIGHT - PAD}`}
          style={{ fill: 'var(--bs-primary)', fillOpacity: 0.15 }}
        />
        <polyline
          points={points.join(' ')}
          style={{ fill: 'none', stroke: 'var(--bs-primary-text-emphasis)', strokeWidth: 2 }}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="d-flex justify-content-between small text-body-secondary">
        <span>{shortMonth(first.month)}</span>
        <span>{shortMonth(last.month)}</span>
      </figcaption>
    </figure>
  );
}
