import { REST, spendingSeries, spendingStack, toCsv, type MonthFlowView } from './reportsView';

const month = (spending: number, topCategories: MonthFlowView['topCategories']): MonthFlowView => ({
  month: '2026-10',
  income: 0,
  spending,
  bills: 0,
  net: -spending,
  topCategories,
});
const category = (id: string, key: string | null, name: string) => ({ id, key, name }) as never;

describe('reportsView', () => {
  it('names the five categories spent most in over the months, and puts the rest and Other in everything else', () => {
    const months = [
      month(700, [
        { category: category('a', null, 'A'), spent: 300 },
        { category: category('b', null, 'B'), spent: 200 },
        { category: category('o', 'OTHER', 'Other'), spent: 200 },
      ]),
      month(650, [
        { category: category('c', null, 'C'), spent: 250 },
        { category: category('d', null, 'D'), spent: 150 },
        { category: category('e', null, 'E'), spent: 100 },
        { category: category('f', null, 'F'), spent: 90 },
        { category: null, spent: 60 },
      ]),
    ];
    const series = spendingSeries(months);
    expect(series.map((one) => one.name)).toEqual(['A', 'C', 'B', 'D', 'E', 'Everything else']);
    // F, the unsorted $60.00 and Other all land in everything else; the stack adds up to the month.
    expect(spendingStack(months[1] as MonthFlowView, series)).toEqual({
      a: 0,
      c: 250,
      b: 0,
      d: 150,
      e: 100,
      [REST]: 150,
    });
    expect(spendingStack(months[0] as MonthFlowView, series)[REST]).toBe(200);
  });

  it('writes CSV a spreadsheet reads: quoted where needed, two decimals, CRLF', () => {
    expect(toCsv(['Name', 'Amount'], [['Kim, "the" shop', 12.5]])).toBe(
      'Name,Amount\r\n"Kim, ""the"" shop",12.50\r\n',
    );
  });
});
