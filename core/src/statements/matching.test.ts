import { matchStatementRows, type BillCandidate, type MatchableRow, type PayCandidate } from './index';

const row = (
  date: string,
  amountCents: number,
  description = 'CARD PURCHASE',
  open = true,
): MatchableRow => ({
  date,
  amountCents,
  description,
  open,
});

const rent: BillCandidate = {
  liabilityId: '1',
  creditorName: 'Rent',
  dueDate: '2026-11-01',
  scheduledCents: 120_000,
};
const payroll: PayCandidate = {
  incomeSourceId: '7',
  sourceName: 'Acme payroll',
  date: '2026-11-13',
  expectedCents: 210_000,
};
const none = { bills: [], pays: [], typed: [] };

describe('bill matches', () => {
  it('offers a payment within 10% and 5 days before to 7 days after the due date', () => {
    const rows = [
      row('2026-10-27', -120_000), // 5 days before: in
      row('2026-10-26', -120_000), // 6 days before: out
      row('2026-11-08', -108_000), // 7 days after, 10% less: in
      row('2026-11-09', -120_000), // 8 days after: out
      row('2026-11-01', -107_999), // just over 10% less: out
      row('2026-11-01', 120_000), // a deposit: never a bill
    ];
    const inWindow = (rowsToTry: MatchableRow[]) =>
      matchStatementRows(rowsToTry, { ...none, bills: [rent] }).map(
        (match) => match.bill?.liabilityId ?? null,
      );
    expect(rows.map((candidate) => inWindow([candidate])[0])).toEqual(['1', null, '1', null, null, null]);
  });

  it('gives each occurrence to one row: the exact amount, then the name, then the nearest date', () => {
    const rows = [
      row('2026-11-01', -119_000, 'RENT NOV'),
      row('2026-11-03', -120_000, 'ACH DEBIT'),
      row('2026-11-01', -120_000, 'ACH DEBIT'),
    ];
    expect(
      matchStatementRows(rows, { ...none, bills: [rent] }).map((match) => match.bill?.dueDate ?? null),
    ).toEqual([null, null, '2026-11-01']);
    const named = [row('2026-11-02', -120_000, 'ACH DEBIT'), row('2026-11-04', -120_000, 'Rent  nov')];
    expect(matchStatementRows(named, { ...none, bills: [rent] }).map((match) => match.bill !== null)).toEqual(
      [false, true],
    );
  });

  it('gives a tie to the earlier row of the file', () => {
    const twins = [row('2026-11-01', -120_000), row('2026-11-01', -120_000)];
    expect(matchStatementRows(twins, { ...none, bills: [rent] }).map((match) => match.bill !== null)).toEqual(
      [true, false],
    );
  });

  it('never offers a row already imported or deleted', () => {
    expect(
      matchStatementRows([row('2026-11-01', -120_000, 'Rent', false)], { ...none, bills: [rent] })[0],
    ).toEqual({
      bill: null,
      pay: null,
      similar: null,
      contested: false,
    });
  });

  it('matches a bill added from the bank after a price change, by its payee', () => {
    const netflix = {
      liabilityId: '4',
      creditorName: 'Streaming',
      dueDate: '2026-11-05',
      scheduledCents: 1549,
      payeeKey: 'netflix.com',
    };
    const raised = [row('2026-11-05', -1799, 'NETFLIX.COM 866-579-7172')];
    expect(matchStatementRows(raised, { ...none, bills: [netflix] })[0]?.bill).toEqual(netflix);
    const other = [row('2026-11-05', -1799, 'HULU')];
    expect(matchStatementRows(other, { ...none, bills: [netflix] })[0]?.bill).toBeNull();
  });

  it('marks a row that two bills could be, or a bill that two rows could be, as contested', () => {
    const streaming = {
      liabilityId: '2',
      creditorName: 'Streaming',
      dueDate: '2026-11-05',
      scheduledCents: 4_999,
    };
    const music = { liabilityId: '3', creditorName: 'Music', dueDate: '2026-11-06', scheduledCents: 4_999 };
    const [twoBills] = matchStatementRows([row('2026-11-05', -4_999)], {
      ...none,
      bills: [streaming, music],
    });
    expect(twoBills).toMatchObject({ bill: streaming, contested: true });

    const twoRows = matchStatementRows([row('2026-11-05', -4_999), row('2026-11-07', -4_999)], {
      ...none,
      bills: [streaming],
    });
    expect(twoRows.map((match) => [match.bill?.liabilityId ?? null, match.contested])).toEqual([
      ['2', true],
      [null, true],
    ]);

    const alone = matchStatementRows([row('2026-11-05', -4_999), row('2026-11-20', -4_999)], {
      ...none,
      bills: [streaming],
    });
    expect(alone.map((match) => match.contested)).toEqual([false, false]);
  });
});

describe('pay matches', () => {
  it('offers a deposit from 3 days before to 5 days after the pay, within 10%', () => {
    const tries = [
      [row('2026-11-10', 210_000), true],
      [row('2026-11-09', 210_000), false],
      [row('2026-11-18', 189_000), true],
      [row('2026-11-19', 210_000), false],
      [row('2026-11-13', 231_001), false],
      [row('2026-11-13', -210_000), false],
    ] as const;
    for (const [candidate, matched] of tries) {
      expect(matchStatementRows([candidate], { ...none, pays: [payroll] })[0]?.pay !== null).toBe(matched);
    }
  });

  it('prefers the exact amount, then the nearest date', () => {
    const rows = [row('2026-11-13', 209_000), row('2026-11-16', 210_000), row('2026-11-14', 210_000)];
    expect(matchStatementRows(rows, { ...none, pays: [payroll] }).map((match) => match.pay !== null)).toEqual(
      [false, false, true],
    );
  });

  it('matches a pay added from the bank at any amount within 50% when the deposit is of its payee', () => {
    const fromBank = { ...payroll, payeeKey: 'acme payroll' };
    const raise = [row('2026-11-13', 260_000, 'ACME PAYROLL PPD ID: 99')];
    expect(matchStatementRows(raise, { ...none, pays: [fromBank] })[0]?.pay).toEqual(fromBank);
    expect(matchStatementRows(raise, { ...none, pays: [payroll] })[0]?.pay).toBeNull();
    const tooFar = [row('2026-11-13', 320_000, 'ACME PAYROLL')];
    expect(matchStatementRows(tooFar, { ...none, pays: [fromBank] })[0]?.pay).toBeNull();
  });

  it('marks a deposit that two pays could be as contested', () => {
    const bonus = { ...payroll, incomeSourceId: '8', sourceName: 'Side job', date: '2026-11-14' };
    const [match] = matchStatementRows([row('2026-11-13', 210_000)], { ...none, pays: [payroll, bonus] });
    expect(match).toMatchObject({ pay: payroll, contested: true });
  });
});

describe('hand-typed look-alikes', () => {
  it('pairs each typed entry with at most one row of the same signed amount within 7 days, nearest first', () => {
    const typed = [
      { id: 'a', date: '2026-11-20', amountCents: -450 },
      { id: 'b', date: '2026-11-20', amountCents: 450 },
    ];
    const rows = [
      row('2026-11-28', -450), // 8 days: too far
      row('2026-11-22', -450),
      row('2026-11-21', -450), // nearest
      row('2026-11-19', -451), // other amount
    ];
    expect(matchStatementRows(rows, { ...none, typed }).map((match) => match.similar?.id ?? null)).toEqual([
      null,
      null,
      'a',
      null,
    ]);
  });
});
