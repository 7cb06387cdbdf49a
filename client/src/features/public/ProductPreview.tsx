import Card from 'react-bootstrap/Card';
import { centsToDollars } from '../../components/money';
import { TrueNetHero } from '../analysis/TrueNetHero';
import { EXAMPLE_PICTURE, inDays } from './examplePicture';
import { ForecastSketch } from './ForecastSketch';

const { hero } = EXAMPLE_PICTURE;

/**
 * The product on the landing page: the dashboard's own hero, showing the specification's worked
 * example as core computes it (its dates relative to today, so they read '9 days from today'), with the
 * days ahead drawn beside it.
 */
export function ProductPreview() {
  return (
    <figure className="tn-preview mb-0" aria-labelledby="tn-preview-caption">
      <TrueNetHero
        headingLevel="h2"
        dateText={(date) => (date === hero.nextIncomeDate ? `payday, ${inDays(date)}` : inDays(date))}
        whenText={(date) => `(${inDays(date)})`}
        analysis={{
          netIncomeThisPeriod: centsToDollars(hero.netIncomeThisPeriodCents),
          nextIncomeDate: hero.nextIncomeDate,
          lastIncomeTotal: centsToDollars(hero.lastIncomeTotalCents),
          obligationsTotal: centsToDollars(hero.obligationsTotalCents),
          wallets: [],
        }}
        forecast={{
          safeToSpend: centsToDollars(hero.safeToSpendCents),
          lowestBalance: centsToDollars(hero.lowestBalanceCents),
          lowestDate: hero.lowestDate,
          firstNegativeDate: hero.firstNegativeDate,
          horizon: hero.horizon,
        }}
      />
      <Card className="tn-preview-chart">
        <Card.Body className="py-2">
          <ForecastSketch picture={EXAMPLE_PICTURE} />
        </Card.Body>
      </Card>
      <figcaption id="tn-preview-caption" className="small text-body-secondary mt-2">
        What TrueNet shows for a $2,000 paycheck, $2,500 in checking and three bills due before the next
        payday.
      </figcaption>
    </figure>
  );
}
