import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { MoneyText, formatDollars } from '../../components/money';
import { displayDate } from '../../kit/dates';
import { isLocked, matchLabel, statusLabel, type PreviewRow, type RowDecision } from './importView';

interface ImportPreviewTableProps {
  rows: readonly PreviewRow[];
  decisions: readonly RowDecision[];
  typedDates: ReadonlyMap<string, string>;
  onChange: (index: number, decision: RowDecision) => void;
}

/** Rows drawn at first and added per 'Show more': a year of a busy account stays quick to draw. */
const PAGE = 100;

const STATUS_VARIANT: Record<PreviewRow['status'], string> = {
  NEW: 'success',
  DUPLICATE: 'secondary',
  POSSIBLE_DUPLICATE: 'warning',
  DELETED_BEFORE: 'secondary',
  PENDING: 'info',
};

/**
 * Every row of the statement with its status, its bill or pay match and a checkbox. On phones each
 * row is a card (dashboard.css .tn-stack). Each checkbox says which row it is, for screen readers.
 */
export function ImportPreviewTable({ rows, decisions, typedDates, onChange }: ImportPreviewTableProps) {
  const [shown, setShown] = useState(PAGE);
  const rowName = (row: PreviewRow) =>
    `${row.description}, ${displayDate(row.date)}, ${formatDollars(row.amount)}`;
  return (
    <>
      <Table striped bordered size="sm" className="mb-2 tn-stack tn-import-preview">
        <thead>
          <tr>
            <th scope="col">Import</th>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col" className="text-end">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Bill or pay</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, shown).map((row, index) => {
            const decision = decisions[index] ?? { import: false, useMatch: false };
            const locked = isLocked(row);
            const match = matchLabel(row);
            return (
              <tr key={row.index}>
                <td data-label="Import">
                  <Form.Check
                    id={`import-row-${row.index}`}
                    aria-label={`Import ${rowName(row)}`}
                    checked={decision.import && !locked}
                    disabled={locked}
                    onChange={(event) =>
                      onChange(index, {
                        import: event.target.checked,
                        useMatch: event.target.checked && decision.useMatch,
                      })
                    }
                  />
                </td>
                <td data-label="Date" className="text-nowrap">
                  {displayDate(row.date)}
                </td>
                <td data-label="Description" className="tn-import-description">
                  {row.description}
                </td>
                <td data-label="Amount" className="text-end text-nowrap">
                  <MoneyText value={row.amount} />
                </td>
                <td data-label="Status">
                  <Badge
                    bg={STATUS_VARIANT[row.status]}
                    text={row.status === 'POSSIBLE_DUPLICATE' ? 'dark' : undefined}
                  >
                    {statusLabel(row, typedDates)}
                  </Badge>
                </td>
                <td data-label="Bill or pay" className={match ? undefined : 'tn-no-match'}>
                  {match ? (
                    <Form.Check
                      id={`match-row-${row.index}`}
                      label={match}
                      checked={decision.import && decision.useMatch && !locked}
                      disabled={locked || !decision.import}
                      onChange={(event) =>
                        onChange(index, { import: decision.import, useMatch: event.target.checked })
                      }
                    />
                  ) : (
                    <span className="text-muted">None</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {rows.length > shown && (
        <Button variant="outline-secondary" size="sm" onClick={() => setShown((count) => count + PAGE)}>
          Show {Math.min(PAGE, rows.length - shown)} more of {rows.length - shown}
        </Button>
      )}
    </>
  );
}
