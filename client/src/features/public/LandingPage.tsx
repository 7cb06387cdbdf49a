import Card from 'react-bootstrap/Card';
import Carousel from 'react-bootstrap/Carousel';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import Badge from 'react-bootstrap/Badge';
import { FALLBACK_PLANS, periodLabel, registrationLink } from '../auth/plans';
import { ProductPreview } from './ProductPreview';

/** The specification's marketing example: pay 2000, then mortgage, phone and streaming. */
const EXAMPLE = {
  pay: 2000,
  bills: [
    { name: 'Mortgage', amount: 1400 },
    { name: 'Phone', amount: 150 },
    { name: 'Streaming', amount: 21 },
  ],
};
const EXAMPLE_NET = EXAMPLE.pay - EXAMPLE.bills.reduce((sum, bill) => sum + bill.amount, 0);

const usd = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

function TrialButton() {
  return (
    <Link to="/createaccount" className="btn btn-primary btn-lg">
      Get started with a 7 day free trial
    </Link>
  );
}

/** The public landing page (the product specification). */
export function LandingPage() {
  return (
    <div className="tn-landing">
      <header className="tn-hero text-center mb-4">
        <h1 className="display-6">Personal Financial Tracking Software</h1>
      </header>

      <Row className="g-4 mb-4 align-items-start">
        <Col lg={6}>
          <Card className="shadow-sm">
            <Card.Body>
              <Card.Text className="lead mb-3">
                TrueNet shows what your paycheck is really worth. Enter your income, your recurring bills and
                the cash in your wallets, and see your true net income: what is left after everything due
                before your next payday.
              </Card.Text>
              <Card.Text>
                Enter what you spend by hand, import your bank&apos;s statement file or connect your bank, and
                share it all with your partner: TrueNet never asks for your bank password, and keeps the
                calendar for you.
              </Card.Text>
              <TrialButton />
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <ProductPreview />
        </Col>
      </Row>

      <Carousel
        className="tn-carousel mb-5"
        interval={7000}
        fade
        pause="hover"
        touch
        wrap
        aria-label="What TrueNet does"
      >
        <Carousel.Item>
          <div className="tn-slide tn-slide-1">
            <div>
              <h2>Wasteland</h2>
              <p className="mb-0">Know when and where your money is spent.</p>
            </div>
          </div>
        </Carousel.Item>
        <Carousel.Item>
          <div className="tn-slide tn-slide-2">
            <div>
              <h2>Navigate</h2>
              <p className="mb-0">Learn to navigate the wasteland of bills, subscriptions and debt.</p>
            </div>
          </div>
        </Carousel.Item>
        <Carousel.Item>
          <div className="tn-slide tn-slide-3">
            <div>
              <h2>Analyze</h2>
              <p className="mb-0">Easy debt analysis: see every obligation before it comes due.</p>
            </div>
          </div>
        </Carousel.Item>
      </Carousel>

      <Row xs={1} md={2} className="g-4 mb-5">
        <Col>
          <section aria-labelledby="tn-health">
            <h2 id="tn-health" className="h4">
              Track your financial health
            </h2>
            <p>
              Subscriptions, debt and recurring bills in one list, each with its next due date. Past-due bills
              stand out, and paying one moves it to its next date automatically.
            </p>
          </section>
        </Col>
        <Col>
          <section aria-labelledby="tn-accounts">
            <h2 id="tn-accounts" className="h4">
              Track your accounts
            </h2>
            <p>
              Keep several spending accounts, called wallets: a checking account, cash, or one per earner in a
              household with two incomes. Record what you spend and deposit, and see each wallet&apos;s
              register for the last 28 days.
            </p>
          </section>
        </Col>
        <Col>
          <section aria-labelledby="tn-net">
            <h2 id="tn-net" className="h4">
              Know your true net income
            </h2>
            <p>Take-home pay minus the bills due before the next payday. For example:</p>
            <Table size="sm" className="tn-example w-auto" aria-label="True net income example">
              <tbody>
                <tr>
                  <td>Paycheck</td>
                  <td>{usd(EXAMPLE.pay)}</td>
                </tr>
                {EXAMPLE.bills.map((bill) => (
                  <tr key={bill.name}>
                    <td>{bill.name}</td>
                    <td>−{usd(bill.amount)}</td>
                  </tr>
                ))}
                <tr className="fw-bold">
                  <td>True net income</td>
                  <td>{usd(EXAMPLE_NET)}</td>
                </tr>
              </tbody>
            </Table>
          </section>
        </Col>
        <Col>
          <section aria-labelledby="tn-how">
            <h2 id="tn-how" className="h4">
              How it works
            </h2>
            <ol>
              <li>Say when you were last paid and how often.</li>
              <li>List your expenses with their next due dates.</li>
              <li>Enter the money on hand in each wallet.</li>
              <li>TrueNet recalculates as time goes by and as you mark bills paid.</li>
            </ol>
          </section>
        </Col>
      </Row>

      <section aria-labelledby="tn-pricing" className="mb-5">
        <h2 id="tn-pricing" className="h3 text-center mb-1">
          Pricing
        </h2>
        <p className="text-center text-muted mb-4">7 day free trial first. Cancel any time.</p>
        <Row xs={1} md={2} className="g-4 justify-content-center">
          {FALLBACK_PLANS.map((plan) => (
            <Col key={plan.code} className="tn-price-col">
              <Card className={`h-100 shadow-sm tn-price ${plan.isDefault ? 'tn-price-best' : ''}`}>
                <Card.Body className="d-flex flex-column p-4">
                  <div className="d-flex justify-content-between align-items-center gap-2 mb-2">
                    <h3 className="h5 mb-0">{plan.label}</h3>
                    {plan.isDefault && <Badge bg="primary">Best deal</Badge>}
                  </div>
                  <p className="mb-1">
                    <span className="tn-price-amount">${plan.price.toFixed(2)}</span>{' '}
                    <span className="text-muted">{periodLabel(plan.intervalMonths)}</span>
                  </p>
                  <p className="text-primary fw-semibold mb-4">{plan.tagline ?? '\u00a0'}</p>
                  <Link
                    to={registrationLink(plan.code)}
                    className={`btn mt-auto ${plan.isDefault ? 'btn-primary' : 'btn-outline-primary'}`}
                    aria-label={`Start free trial: ${plan.label}`}
                  >
                    Start free trial
                  </Link>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      </section>

      <div className="text-center mb-4">
        <TrialButton />
      </div>
    </div>
  );
}
