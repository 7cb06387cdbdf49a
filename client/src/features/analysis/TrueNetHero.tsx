import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import { MoneyText } from '../../components/money';
import type { AnalysisViewFragment, DashboardForecastQuery } from '../../gql/graphql';
import { displayDate } from '../../kit/dates';

type Forecast = DashboardForecastQuery['balanceForecast'];

interface TrueNetHeroProps {
  analysis: Pick<
    AnalysisViewFragment,
    'netIncomeThisPeriod' | 'nextIncomeDate' | 'lastIncomeTotal' | 'obligationsTotal'
  >;
  /** The forecast of the selected wallet; undefined while it loads or when it failed. */
  forecast: Pick<Forecast, 'safeToSpend' | 'lowestBalance' | 'lowestDate' | 'firstNegativeDate'> | undefined;
  /** The level of its heading in the page's outline: h3 under the dashboard's tab heading. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * The answer the product sells, first and largest: this period's true net income (last pay minus
 * this period's bills, paid ones included), and beside it what is safe to spend today and the lowest
 * balance ahead (red, with the first day below zero, when it dips below zero).
 */
export function TrueNetHero({ analysis, forecast, headingLevel: Heading = 'h3' }: TrueNetHeroProps) {
  const until = analysis.nextIncomeDate ? displayDate(analysis.nextIncomeDate) : 'your next pay';
  const dips = forecast ? forecast.lowestBalance < 0 : false;
  return (
    <Card as="section" aria-label="True net income" className="mb-3 tn-hero">
      <Card.Body>
        <Row className="g-3 align-items-center">
          <Col md={7}>
            <Heading className="h6 text-body-secondary mb-1">True net income until {until}</Heading>
            <p className="display-5 fw-semibold mb-1" data-testid="true-net-income">
              <MoneyText value={analysis.netIncomeThisPeriod} />
            </p>
            <p className="small text-body-secondary mb-0">
              Last pay <MoneyText value={analysis.lastIncomeTotal} /> − this period’s bills{' '}
              <MoneyText value={analysis.obligationsTotal} /> (paid ones included)
            </p>
          </Col>
          <Col md={5}>
            <dl className="mb-0">
              <dt className="small fw-normal text-body-secondary">Safe to spend today</dt>
              <dd className="h4 mb-2" data-testid="safe-to-spend">
                {forecast ? (
                  <MoneyText value={forecast.safeToSpend} />
                ) : (
                  <Placeholder as="span" animation="glow" aria-hidden="true">
                    <Placeholder xs={6} />
                  </Placeholder>
                )}
              </dd>
              {forecast && (
                <dd className={`mb-0 ${dips ? 'text-danger fw-semibold' : ''}`} data-testid="lowest-balance">
                  Lowest balance ahead: <MoneyText value={forecast.lowestBalance} /> on{' '}
                  {displayDate(forecast.lowestDate)}
                  {forecast.firstNegativeDate && (
                    <span className="d-block small">
                      Below zero from {displayDate(forecast.firstNegativeDate)}
                    </span>
                  )}
                </dd>
              )}
            </dl>
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}
