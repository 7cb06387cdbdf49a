import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Busy } from '../../components/Busy';
import { MoneyInput, MoneyText } from '../../components/money';
import { TableSwitch } from '../../components/TableSwitch';
import type { IncomeOccurrenceRowFragment, LiabilityOccurrenceRowFragment } from '../../gql/graphql';
import { displayDate } from '../../kit/dates';
import { useRowsInTurn } from '../../kit/InTurn';
import { debtTypeLabel } from '../../kit/domain';
import { useOpenTab, type TabKey } from '../dashboard/dashboardTabs';
import {
  isPastDue,
  occurrenceKey,
  switchesOf,
  willSettle,
  type DepositSelection,
  type PaidChanges,
} from './switches';

function TableCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card as="section" aria-label={title} className="mb-3">
      <Card.Header as="h3" className="h6 mb-0">
        {title}
      </Card.Header>
      <Card.Body className="p-2">{children}</Card.Body>
      {footer && <Card.Footer className="d-flex flex-wrap align-items-center gap-2">{footer}</Card.Footer>}
    </Card>
  );
}

/** On phones the date column is hidden and the date shows under the name instead. */
function PhoneDate({ date }: { date: string }) {
  return <div className="small d-sm-none">{displayDate(date)}</div>;
}

const ADD_INCOME = { label: 'Add your income', tab: 'income' } as const;

/** An empty table's words, with a link to the tab where it gets filled when there is one. */
function Empty({ text, fillIn }: { text: string; fillIn?: { label: string; tab: TabKey } }) {
  const openTab = useOpenTab();
  return (
    <p className="text-muted mb-0 px-1">
      {text}
      {fillIn && (
        <>
          {'. '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => openTab(fillIn.tab)}>
            {fillIn.label}
          </Button>
        </>
      )}
    </p>
  );
}

interface OccurrenceTableProps {
  /** 'Source' or 'Expense'. */
  nameHeader: string;
  /** 'Pay Date' or 'Due Date': the column phones hide. */
  dateHeader: string;
  /** Columns after Amount (the switches). */
  extraHeaders?: readonly string[];
  /** A Total row under the amounts, when given. */
  total?: number;
  children: ReactNode;
}

/** A table of dated occurrences: name, date (hidden on phones), amount, then the switch columns. */
function OccurrenceTable({
  nameHeader,
  dateHeader,
  extraHeaders = [],
  total,
  children,
}: OccurrenceTableProps) {
  return (
    <Table size="sm" responsive className="mb-0 align-middle">
      <thead>
        <tr>
          <th scope="col">{nameHeader}</th>
          <th scope="col" className="d-none d-sm-table-cell">
            {dateHeader}
          </th>
          <th scope="col" className="text-end">
            Amount
          </th>
          {extraHeaders.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
      {total !== undefined && (
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="d-none d-sm-table-cell" />
            <td className="text-end text-nowrap fw-semibold">
              <MoneyText value={total} />
            </td>
            {extraHeaders.length > 0 && (
              <td colSpan={extraHeaders.length > 1 ? extraHeaders.length : undefined} />
            )}
          </tr>
        </tfoot>
      )}
    </Table>
  );
}

/** The date (hidden on phones) and amount cells of an occurrence row. */
function DateAmountCells({ date, amount }: { date: string; amount: number }) {
  return (
    <>
      <td className="text-nowrap d-none d-sm-table-cell">{displayDate(date)}</td>
      <td className="text-end text-nowrap">
        <MoneyText value={amount} />
      </td>
    </>
  );
}

interface LastIncomeProps {
  rows: readonly IncomeOccurrenceRowFragment[];
  total: number;
  selection: DepositSelection;
  selectedTotal: number;
  canDeposit: boolean;
  disabled: boolean;
  depositing: boolean;
  onToggle: (row: IncomeOccurrenceRowFragment, on: boolean) => void;
  onDeposit: () => void;
}

/** Last income received, with a deposited switch per pay date and 'Deposit Pay'. */
export function LastIncomeTable({
  rows,
  total,
  selection,
  selectedTotal,
  canDeposit,
  disabled,
  depositing,
  onToggle,
  onDeposit,
}: LastIncomeProps) {
  return (
    <TableCard
      title="Last Income Received"
      footer={
        <>
          <Button variant="primary" disabled={!canDeposit || depositing} onClick={onDeposit}>
            {depositing ? <Busy text="Depositing ..." /> : canDeposit ? 'Deposit Pay *' : 'Deposit Pay'}
          </Button>
          {selectedTotal > 0 && (
            <span className="small">
              To deposit: <MoneyText value={selectedTotal} />
            </span>
          )}
        </>
      }
    >
      {rows.length === 0 ? (
        <Empty text="No income received yet" fillIn={ADD_INCOME} />
      ) : (
        <OccurrenceTable nameHeader="Source" dateHeader="Pay Date" extraHeaders={['Deposited']} total={total}>
          {rows.map((row) => (
            <tr key={occurrenceKey(row)}>
              <td>
                {row.sourceName}
                <PhoneDate date={row.date} />
                {!row.active && (
                  <Badge bg="secondary" className="ms-2">
                    Inactive
                  </Badge>
                )}
              </td>
              <DateAmountCells date={row.date} amount={row.amount} />
              <td>
                <TableSwitch
                  id={`deposited-${occurrenceKey(row)}`}
                  label={`Deposited ${row.sourceName} ${displayDate(row.date)}`}
                  checked={row.deposited || selection.has(occurrenceKey(row))}
                  disabled={row.deposited || disabled || depositing}
                  onChange={(on) => onToggle(row, on)}
                />
              </td>
            </tr>
          ))}
        </OccurrenceTable>
      )}
    </TableCard>
  );
}

/** The sources paying on the next expected income date. */
export function NextIncomeTable({
  rows,
  total,
  nextIncomeDate,
}: {
  rows: readonly IncomeOccurrenceRowFragment[];
  total: number;
  nextIncomeDate: string | null;
}) {
  return (
    <TableCard title="Next Expected Income">
      {rows.length === 0 || !nextIncomeDate ? (
        <Empty text="No income expected" fillIn={ADD_INCOME} />
      ) : (
        <OccurrenceTable nameHeader="Source" dateHeader="Pay Date" total={total}>
          {rows.map((row) => (
            <tr key={occurrenceKey(row)}>
              <td>
                {row.sourceName}
                <PhoneDate date={row.date} />
              </td>
              <DateAmountCells date={row.date} amount={row.amount} />
            </tr>
          ))}
        </OccurrenceTable>
      )}
    </TableCard>
  );
}

interface ObligationsProps {
  title: string;
  rows: readonly LiabilityOccurrenceRowFragment[];
  total: number;
  today: string;
  changes: PaidChanges;
  pendingCleared: number;
  pending: boolean;
  disabled: boolean;
  saving: boolean;
  onPaid: (row: LiabilityOccurrenceRowFragment, paid: boolean) => void;
  onCleared: (row: LiabilityOccurrenceRowFragment, cleared: boolean) => void;
  onAmountPaid: (row: LiabilityOccurrenceRowFragment, amount: number | null) => void;
  onSave: () => void;
  /** Skip the current occurrence (it does not come this time); Undo a settled one. */
  onSkip: (row: LiabilityOccurrenceRowFragment) => void;
  onUndo: (row: LiabilityOccurrenceRowFragment) => void;
  /** The row a skip or undo is running for, if any. */
  busyRowKey: string | null;
}

export function rowKey(row: LiabilityOccurrenceRowFragment): string {
  return `${row.liabilityId}|${row.dueDate}`;
}

/**
 * A settled occurrence: paid from this period's money, so it stays in this period's obligations,
 * shown as paid with the day and the amount, and an Undo for a mis-click.
 */
function SettledRow({
  row,
  disabled,
  busy,
  onUndo,
}: {
  row: LiabilityOccurrenceRowFragment;
  disabled: boolean;
  busy: boolean;
  onUndo: (row: LiabilityOccurrenceRowFragment) => void;
}) {
  return (
    <tr data-testid={`obligation-${rowKey(row)}`} className="tn-settled">
      <td>
        <div>{row.creditorName}</div>
        <div className="small text-muted">{debtTypeLabel(row.debtType)}</div>
        <PhoneDate date={row.dueDate} />
        <Badge bg="success">Paid {row.paidOn ? displayDate(row.paidOn) : ''}</Badge>
      </td>
      <DateAmountCells date={row.dueDate} amount={row.amountPaid ?? row.amount} />
      <td colSpan={2}>
        <Button
          variant="outline-secondary"
          size="sm"
          aria-label={`Undo the payment of ${row.creditorName} due ${displayDate(row.dueDate)}`}
          disabled={disabled}
          onClick={() => onUndo(row)}
        >
          {busy ? <Busy text="Undoing ..." /> : 'Undo'}
        </Button>
      </td>
    </tr>
  );
}

/**
 * What the two switches do, said where they are used: a person marks a bill paid the day they pay
 * it and cleared the day the bank shows it, and each step has a different effect.
 */
function PaidClearedExplained() {
  return (
    <dl className="small text-body-secondary mx-3 mt-2 mb-1 tn-switch-help">
      <div>
        <dt className="d-inline fw-semibold">Paid</dt>{' '}
        <dd className="d-inline">
          you sent the payment. The bill keeps its due date and its amount is set aside from the wallet (its
          available balance) until it clears; it is not in the payment history yet.
        </dd>
      </div>
      <div>
        <dt className="d-inline fw-semibold">Cleared</dt>{' '}
        <dd className="d-inline">
          the money has left the bank account. Save Paid Info then takes it off the wallet, records it in the
          payment history and moves the bill to its next due date.
        </dd>
      </div>
    </dl>
  );
}

/** Obligations due before the next income date: paid and cleared switches on current rows. */
export function ObligationsTable({
  title,
  rows,
  total,
  today,
  changes,
  pendingCleared,
  pending,
  disabled,
  saving,
  onPaid,
  onCleared,
  onAmountPaid,
  onSave,
  onSkip,
  onUndo,
  busyRowKey,
}: ObligationsProps) {
  const drawnRows = useRowsInTurn(rows);
  return (
    <TableCard
      title={title}
      footer={
        <>
          <Button variant="primary" disabled={!pending || disabled || saving} onClick={onSave}>
            {saving ? <Busy text="Saving ..." /> : pending ? 'Save Paid Info *' : 'Save Paid Info'}
          </Button>
          <span className="small" aria-live="polite">
            Leaves the wallet when you save: <MoneyText value={pendingCleared} />
          </span>
        </>
      }
    >
      {rows.length > 0 && <PaidClearedExplained />}
      {rows.length === 0 ? (
        <Empty text="Nothing due before the next income" />
      ) : (
        <OccurrenceTable
          nameHeader="Expense"
          dateHeader="Due Date"
          extraHeaders={['Paid', 'Cleared']}
          total={total}
        >
          {drawnRows.map((row) => {
            if (row.settled) {
              return (
                <SettledRow
                  key={rowKey(row)}
                  row={row}
                  disabled={disabled || saving || busyRowKey !== null}
                  busy={busyRowKey === rowKey(row)}
                  onUndo={onUndo}
                />
              );
            }
            const switches = switchesOf(row, changes);
            const pastDue = isPastDue(row, changes, today);
            const queued = row.current && changes[row.liabilityId] !== undefined;
            const settling = willSettle(row, changes);
            const canSkip = row.current && !switches.paid && !queued;
            return (
              <tr
                key={rowKey(row)}
                className={pastDue ? 'table-danger' : undefined}
                data-testid={`obligation-${rowKey(row)}`}
              >
                <td>
                  <div>
                    {row.creditorName}
                    {queued && <span className="text-primary"> *</span>}
                  </div>
                  <div className="small text-muted">{debtTypeLabel(row.debtType)}</div>
                  <PhoneDate date={row.dueDate} />
                  {pastDue && <Badge bg="danger">Past Due</Badge>}
                  {row.autoPaid && <Badge bg="secondary">Auto Paid</Badge>}
                  {!row.current && (
                    <Badge bg="light" text="dark" className="border">
                      Upcoming
                    </Badge>
                  )}
                  {settling && (
                    <Form.Group
                      controlId={`amount-paid-${rowKey(row)}`}
                      className="mt-1"
                      style={{ maxWidth: '11rem' }}
                    >
                      <Form.Label className="small mb-0">Amount paid</Form.Label>
                      <MoneyInput
                        size="sm"
                        value={switches.amount ?? row.amount}
                        onValueChange={(amount) => onAmountPaid(row, amount)}
                        disabled={disabled || saving}
                      />
                    </Form.Group>
                  )}
                  {canSkip && (
                    <div>
                      <Button
                        variant="link"
                        size="sm"
                        className="px-0"
                        aria-label={`Skip this time: ${row.creditorName} due ${displayDate(row.dueDate)}`}
                        disabled={disabled || saving || busyRowKey !== null}
                        onClick={() => onSkip(row)}
                      >
                        {busyRowKey === rowKey(row) ? <Busy text="Skipping ..." /> : 'Skip this time'}
                      </Button>
                    </div>
                  )}
                </td>
                <DateAmountCells date={row.dueDate} amount={row.amount} />
                <td>
                  {row.current && (
                    <TableSwitch
                      id={`paid-${rowKey(row)}`}
                      label={`Paid ${row.creditorName}`}
                      checked={switches.paid}
                      disabled={disabled || saving}
                      onChange={(on) => onPaid(row, on)}
                    />
                  )}
                </td>
                <td>
                  {row.current && (
                    <TableSwitch
                      id={`cleared-${rowKey(row)}`}
                      label={`Cleared ${row.creditorName}`}
                      checked={switches.cleared}
                      disabled={disabled || saving || !switches.paid}
                      onChange={(on) => onCleared(row, on)}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </OccurrenceTable>
      )}
    </TableCard>
  );
}

/** Obligations due on or after the next income date and within 30 days. */
export function ComingDueTable({ rows }: { rows: readonly LiabilityOccurrenceRowFragment[] }) {
  const drawnRows = useRowsInTurn(rows);
  return (
    <TableCard title="Obligations Due Within 30 Days">
      {rows.length === 0 ? (
        <Empty text="Nothing else due within 30 days" />
      ) : (
        <OccurrenceTable nameHeader="Expense" dateHeader="Due Date">
          {drawnRows.map((row) => (
            <tr key={rowKey(row)}>
              <td>
                <div>{row.creditorName}</div>
                <div className="small text-muted">{debtTypeLabel(row.debtType)}</div>
                <PhoneDate date={row.dueDate} />
              </td>
              <DateAmountCells date={row.dueDate} amount={row.amount} />
            </tr>
          ))}
        </OccurrenceTable>
      )}
    </TableCard>
  );
}
