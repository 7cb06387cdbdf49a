import { buildIncomeOccurrence, buildObligation } from '../../kit/testing';
import {
  amountPaidProblem,
  depositTotal,
  hasPendingChanges,
  isPastDue,
  pendingClearedTotal,
  queuedChanges,
  selectedDeposits,
  setAmountPaid,
  setCleared,
  setPaid,
  switchesOf,
  toggleDeposit,
  willSettle,
  type PaidChanges,
} from './switches';

const today = '2026-01-07';

describe('obligation switches', () => {
  const overdue = buildObligation({ liabilityId: '1', dueDate: '2026-01-05', amount: 1400, pastDue: true });

  it('an expense due before today and not paid is past due; marking paid clears it', () => {
    expect(isPastDue(overdue, {}, today)).toBe(true);
    const paid = setPaid({}, overdue, true);
    expect(isPastDue(overdue, paid, today)).toBe(false);
  });

  it('unmarking paid sets past due again and resets cleared, taking it out of the pending-cleared total', () => {
    let changes: PaidChanges = setPaid({}, overdue, true);
    changes = setCleared(changes, overdue, true);
    expect(pendingClearedTotal([overdue], changes)).toBe(1400);
    changes = setPaid(changes, overdue, false);
    expect(switchesOf(overdue, changes)).toEqual({ paid: false, cleared: false });
    expect(isPastDue(overdue, changes, today)).toBe(true);
    expect(pendingClearedTotal([overdue], changes)).toBe(0);
  });

  it('cleared cannot be switched on until paid is on', () => {
    expect(setCleared({}, overdue, true)).toEqual({});
  });

  it('an auto-paid expense due today or earlier starts paid', () => {
    const auto = buildObligation({ liabilityId: '2', dueDate: today, autoPaid: true, paid: false });
    expect(switchesOf(auto, {})).toEqual({ paid: true, cleared: false });
    expect(isPastDue(auto, {}, today)).toBe(false);
  });

  it('changed rows are queued; switching back to the saved state unqueues them', () => {
    const changes = setPaid({}, overdue, true);
    expect(hasPendingChanges(changes)).toBe(true);
    expect(queuedChanges([overdue], changes)).toEqual([
      { liabilityId: '1', paid: true, cleared: false, dueDate: '2026-01-05' },
    ]);
    expect(hasPendingChanges(setPaid(changes, overdue, false))).toBe(false);
  });

  it('projected occurrences have no switches to change', () => {
    const projected = buildObligation({ liabilityId: '3', current: false, dueDate: '2026-02-05' });
    expect(setPaid({}, projected, true)).toEqual({});
  });
});

describe('deposit switches', () => {
  const pay = buildIncomeOccurrence({ incomeSourceId: '5', date: '2026-01-02', amount: 2000 });
  const bonus = buildIncomeOccurrence({ incomeSourceId: '6', date: '2026-01-03', amount: 250.5 });
  const done = buildIncomeOccurrence({
    incomeSourceId: '7',
    date: '2026-01-01',
    amount: 99,
    deposited: true,
  });

  it('Deposit Pay takes only switched-on occurrences not deposited yet, and sums them', () => {
    let selection = toggleDeposit(new Set(), pay, true);
    selection = toggleDeposit(selection, bonus, true);
    selection = toggleDeposit(selection, done, true);
    expect(selectedDeposits([pay, bonus, done], selection)).toEqual([pay, bonus]);
    expect(depositTotal([pay, bonus, done], selection)).toBe(2250.5);
    selection = toggleDeposit(selection, pay, false);
    selection = toggleDeposit(selection, bonus, false);
    expect(selectedDeposits([pay, bonus, done], selection)).toEqual([]);
  });
});

describe('the amount actually paid', () => {
  const bill = buildObligation({
    liabilityId: '7',
    creditorName: 'Power Co',
    dueDate: '2026-01-08',
    amount: 90,
  });

  it('is taken only for a row about to settle, and sent only when it differs from the scheduled payment', () => {
    expect(setAmountPaid({}, bill, 80)).toEqual({});
    let changes: PaidChanges = setCleared(setPaid({}, bill, true), bill, true);
    expect(willSettle(bill, changes)).toBe(true);
    expect(queuedChanges([bill], setAmountPaid(changes, bill, 90))[0]).not.toHaveProperty('amount');
    changes = setAmountPaid(changes, bill, 82.17);
    expect(queuedChanges([bill], changes)).toEqual([
      { liabilityId: '7', paid: true, cleared: true, dueDate: '2026-01-08', amount: 82.17 },
    ]);
    expect(pendingClearedTotal([bill], changes)).toBe(82.17);
  });

  it('zero is a problem worth saying before anything is sent', () => {
    const changes = setAmountPaid(setCleared(setPaid({}, bill, true), bill, true), bill, 0);
    expect(amountPaidProblem([bill], changes)).toBe('The amount paid for Power Co must be more than $0.00');
    expect(amountPaidProblem([bill], {})).toBeNull();
  });
});
