import Button from 'react-bootstrap/Button';
import { monthLabel, shiftMonth } from './spendingView';

/** ‹ November 2026 ›: a month and the buttons to the ones on either side; `of` names what they show. */
export function MonthSwitcher({
  month,
  onChange,
  of = '',
}: {
  month: string;
  onChange: (month: string) => void;
  of?: string;
}) {
  const label = (side: string) => (of ? `${of} of the month ${side}` : `The month ${side}`);
  return (
    <div className="d-flex align-items-center gap-1">
      <Button
        variant="outline-secondary"
        size="sm"
        aria-label={label('before')}
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        ‹
      </Button>
      <span className="fw-semibold px-2 tn-month" aria-live="polite">
        {monthLabel(month)}
      </span>
      <Button
        variant="outline-secondary"
        size="sm"
        aria-label={label('after')}
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        ›
      </Button>
    </div>
  );
}
