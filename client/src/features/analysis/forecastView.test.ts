import { addDays } from '@truenet/core';
import {
  compactDollars,
  daySentence,
  eventLine,
  forecastSummary,
  keyedDay,
  notableDays,
  zeroStop,
  dayMarkers,
  MARKER_SPACING,
  type ForecastDayView,
} from './forecastView';

type Event = ForecastDayView['events'][number];
const bill = (name: string, amount: number, pastDue = false): Event => ({
  kind: 'BILL',
  name,
  amount: -amount,
  pastDue,
});
const pay = (name: string, amount: number): Event => ({
  kind: 'INCOME',
  name,
  amount,
  pastDue: false,
});

/** $500 at the end of today, Rent $400 on day 3, Pay $2,000 on day 9, ten days in all. */
function days(): ForecastDayView[] {
  let balance = 500;
  return Array.from({ length: 10 }, (_, index) => {
    const events = index === 3 ? [bill('Rent', 400)] : index === 9 ? [pay('Acme', 2000)] : [];
    balance += events.reduce((sum, event) => sum + event.amount, 0);
    return { date: addDays('2026-01-07', index), balance, inflow: 0, outflow: 0, events };
  });
}

describe('the forecast in words', () => {
  it('names each event with its sign and its state', () => {
    expect(eventLine(pay('Acme', 2000))).toBe('Pay: Acme +$2,000.00');
    expect(eventLine(bill('Rent', 400, true))).toBe('Bill: Rent -$400.00 (past due)');
    expect(eventLine({ kind: 'WHAT_IF', name: 'What if', amount: -30, pastDue: false })).toBe(
      'What if -$30.00',
    );
    expect(eventLine({ kind: 'WHAT_IF', name: 'Shoes', amount: -30, pastDue: false })).toBe(
      'What if: Shoes -$30.00',
    );
  });

  it('tells a day, with the what-if balance when it differs', () => {
    const [, , , rentDay] = days();
    expect(daySentence(rentDay!)).toBe('Sat Jan 10, 2026: $100.00. Bill: Rent -$400.00.');
    const withWhatIf = {
      ...rentDay!,
      balance: -50,
      events: [...rentDay!.events, { ...bill('TV', 150), kind: 'WHAT_IF' as const }],
    };
    expect(daySentence(rentDay!, withWhatIf)).toBe(
      'Sat Jan 10, 2026: $100.00 (-$50.00 with your what-ifs). Bill: Rent -$400.00; What if: TV -$150.00.',
    );
  });

  it('sums up the horizon: start, end, pay days, bills and the low point', () => {
    expect(forecastSummary(days())).toBe(
      '$500.00 at the end of today, $2,100.00 on Fri Jan 16, 2026 (1 pay day, 1 bill). Lowest: $100.00 on Sat Jan 10, 2026.',
    );
    expect(forecastSummary(days(), undefined, 430)).toMatch(
      / Lowest: \$100\.00 on Sat Jan 10, 2026\. Held for bills that come less often: \$430\.00\.$/,
    );
    expect(forecastSummary([])).toBe('No forecast yet.');
  });

  it('keeps for the table today, the days with events and the last day', () => {
    expect(notableDays(days()).map((day) => day.date)).toEqual(['2026-01-07', '2026-01-10', '2026-01-16']);
  });

  it('labels the axes briefly', () => {
    expect(compactDollars(950)).toBe('$950');
    expect(compactDollars(1250)).toBe('$1.3k');
    expect(compactDollars(-2000)).toBe('-$2k');
    expect(compactDollars(25400)).toBe('$25k');
  });
});

describe('the chart', () => {
  it('changes colour where the line crosses zero, clamped to the plot', () => {
    expect(zeroStop(10, 200, 110)).toBe(0.5);
    expect(zeroStop(10, 200, 400)).toBe(1);
    expect(zeroStop(10, 200, -5)).toBe(0);
  });

  it('moves its cursor by day and by week from the keyboard, within the horizon', () => {
    expect(keyedDay('ArrowRight', null, 45)).toBe(0);
    expect(keyedDay('ArrowRight', 3, 45)).toBe(4);
    expect(keyedDay('ArrowLeft', 0, 45)).toBe(0);
    expect(keyedDay('PageDown', 40, 45)).toBe(44);
    expect(keyedDay('PageUp', 10, 45)).toBe(3);
    expect(keyedDay('End', null, 45)).toBe(44);
    expect(keyedDay('Home', 20, 45)).toBe(0);
    expect(keyedDay('a', 2, 45)).toBeNull();
  });
});

describe("the chart's markers", () => {
  const day = (events: ForecastDayView['events']): ForecastDayView => ({
    date: '2026-01-09',
    balance: 100,
    inflow: 0,
    outflow: 0,
    events,
  });

  it('a pay day on which a bill falls shows both, side by side', () => {
    const markers = dayMarkers(day([pay('Acme', 2000), bill('Rent', 400)]), ['INCOME', 'BILL']);
    expect(markers.map((marker) => marker.kind)).toEqual(['INCOME', 'BILL']);
    expect(Math.abs((markers[0]?.dx ?? 0) - (markers[1]?.dx ?? 0))).toBe(MARKER_SPACING);
  });

  it('a lone marker sits on its day', () => {
    expect(dayMarkers(day([bill('Rent', 400)]), ['INCOME', 'BILL'])).toEqual([{ kind: 'BILL', dx: 0 }]);
    expect(dayMarkers(day([]), ['INCOME', 'BILL'])).toEqual([]);
  });
});
