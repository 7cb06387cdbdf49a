import { render, screen, within } from '@testing-library/react';
import { EXAMPLE_PICTURE } from './examplePicture';
import { exampleHousehold } from './exampleHousehold';
import { ProductPreview } from './ProductPreview';

describe('the landing page picture of the product', () => {
  it("is the dashboard's hero fed the specification's example through core: $429.00 until the next pay", () => {
    render(<ProductPreview />);
    const hero = screen.getByRole('region', { name: 'True net income' });
    expect(within(hero).getByTestId('true-net-income')).toHaveTextContent('$429.00');
    expect(hero).toHaveTextContent('True net income until Fri Jan 16, 2026');
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
