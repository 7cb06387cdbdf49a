import { render, screen, within } from '@testing-library/react';
import { EXAMPLE_PICTURE } from './examplePicture';
import { exampleHousehold } from './exampleHousehold';
import { ProductPreview } from './ProductPreview';

describe('the landing page picture of the product', () => {
  it("is the dashboard's hero fed the specification's example through core: $429.00 until the next pay", () => {
    render(<ProductPreview />);
    const hero = screen.getByRole('region', { name: 'True net income' });
    expect(within(hero).getByTestId('true-net-income')).toHaveTextContent('$429.00');
    expect(hero).toHaveTextContent('True net income until payday, 9 days from today');
    expect(within(hero).getByTestId('safe-to-spend')).toHaveTextContent('$929.00');
    expect(within(hero).getByTestId('lowest-balance')).toHaveTextContent('$929.00 (7 days from today)');
    expect(hero).toHaveTextContent('Last pay $2,000.00 − this period’s bills $1,571.00 (paid ones included)');
  });

  it("is core's answer for the example, kept as numbers so the landing page loads no analysis code", () => {
    const { analysis, forecast } = exampleHousehold();
    expect(EXAMPLE_PICTURE.hero).toEqual({
      netIncomeThisPeriodCents: analysis.netIncomeThisPeriodCents,
      nextIncomeDate: analysis.nextIncomeDate,
      lastIncomeTotalCents: analysis.lastIncomeTotalCents,
      obligationsTotalCents: analysis.obligationsTotalCents,
      safeToSpendCents: forecast.safeToSpendCents,
      lowestBalanceCents: forecast.lowestBalanceCents,
      lowestDate: forecast.lowestDate,
      firstNegativeDate: forecast.firstNegativeDate,
      horizon: forecast.horizon,
    });
    expect(EXAMPLE_PICTURE.days).toEqual(
      forecast.days.map((day) => [
        day.date,
        day.balanceCents,
        day.events.some((event) => event.kind === 'INCOME')
          ? 'pay'
          : day.events.some((event) => event.kind === 'BILL')
            ? 'bill'
            : '',
      ]),
    );
  });

  it('has its dates relative to today: on any day, core answers the same figures at the same distances', () => {
    const reference = exampleHousehold();
    const offset = (from: string, to: string | null) =>
      to === null ? null : Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
    for (const today of ['2026-01-29', '2026-02-25', '2027-12-28', '2028-02-26', '2026-08-31']) {
      const { analysis, forecast } = exampleHousehold(today);
      expect({
        net: analysis.netIncomeThisPeriodCents,
        availableCash: analysis.availableCashCents,
        safe: forecast.safeToSpendCents,
        lowest: forecast.lowestBalanceCents,
        lowestIn: offset(today, forecast.lowestDate),
        payIn: offset(today, analysis.nextIncomeDate),
      }).toEqual({
        net: reference.analysis.netIncomeThisPeriodCents,
        availableCash: reference.analysis.availableCashCents,
        safe: reference.forecast.safeToSpendCents,
        lowest: reference.forecast.lowestBalanceCents,
        lowestIn: 7,
        payIn: 9,
      });
    }
    expect(reference.analysis.availableCashCents).toBe(reference.forecast.safeToSpendCents);
  });

  it('draws the days ahead with words for screen readers', () => {
    const { forecast } = exampleHousehold();
    render(<ProductPreview />);
    const sketch = screen.getByRole('img', { name: /^Example forecast: \$2,500\.00 today, lowest / });
    expect(sketch.querySelectorAll('circle.tn-sketch-pay').length).toBe(
      forecast.days.filter((day) => day.events.some((event) => event.kind === 'INCOME')).length,
    );
    expect(sketch.querySelectorAll('circle.tn-sketch-bill').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText(/What TrueNet shows for a \$2,000 paycheck/)).toBeInTheDocument();
  });
});
