import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import { MoneyText } from '../../components/money';
import type { AnalysisViewFragment, DashboardForecastViewFragment } from '../../gql/graphql';
import { displayDate } from '../../kit/dates';
import { lessOftenWord, setAsideSentence } from '@truenet/core';
import { monthName } from '../debts/debtsView';

type Forecast = DashboardForecastViewFragment;

interface TrueNetHeroProps {
  analysis: Pick<
    AnalysisViewFragment,
    'netIncomeThisPeriod' | 'nextIncomeDate' | 'lastIncomeTotal' | 'obligationsTotal' | 'wallets'
  >;
  /** The forecast of all wallets together; undefined while it loads or when it failed. */
  forecast:
    | Pick<Forecast, 'safeToSpend' | 'lowestBalance' | 'lowestDate' | 'firstNegativeDate' | 'horizon'>
    | undefined;
  /** What the hero asks of the person under its figures (the dashboard's to-dos). */
  children?: ReactNode;
  /** The level of its heading in the page's outline: h3 under the dashboard's tab heading. */
  headingLevel?: 'h2' | 'h3';
  /** How a date reads: 'Fri Jan 16, 2026' in the app; the landing page's example says '9 days from today'. */
  dateText?: (date: string) => string;
  /** When a figure happens: 'on Fri Jan 16, 2026' in the app. */
  whenText?: (date: string) => string;
  /** The month the debt plan shown is debt-free in ('YYYY-MM'), null when never; undefined: no debts. */
  debtFree?: string | null;
  /** The bills that come less often, as shares of the period; undefined (the landing page's example): not shown. */
  setAside?: Pick<AnalysisViewFragment, 'netIncomeAfterSetAside' | 'heldForBills' | 'setAsideBills'>;
}

const onDisplayDate = (date: string) => `on ${displayDate(date)}`;

/** The one sentence under a figure that says what it means. */
function Meaning({ children }: { children: string }) {
  return <span className="d-block small text-body-secondary fw-normal">{children}</span>;
}

/**
 * The answer the product sells, first and largest, and the two figures beside it, each with what
 * it means, all of the same money: every wallet together (said in the corner). This period's true
 * net income (last pay minus this period's bills, paid ones included); what is safe to spend today
 * (what the wallets can lose and still cover every bill before payday); the lowest balance ahead
 * (red, with the first day below zero, when it dips below zero). Under them, the dashboard's to-dos
 * (UndepositedPayTodo): pay received but not deposited is no money in a wallet, never a figure.
 */
export function TrueNetHero({
  analysis,
  forecast,
  children,
  headingLevel: Heading = 'h3',
  dateText = displayDate,
  whenText = onDisplayDate,
  debtFree,
  setAside,
}: TrueNetHeroProps) {
  const shares = setAside && setAside.setAsideBills.length > 0 ? setAside : undefined;
  const until = analysis.nextIncomeDate ? dateText(analysis.nextIncomeDate) : 'your next pay';
  const dips = forecast ? forecast.lowestBalance < 0 : false;
  const walletCount = analysis.wallets.length;
  return (
    <Card as="section" aria-label="True net income" className="mb-3 tn-hero">
      <Card.Body>
        <p className="small text-body-secondary mb-2" data-testid="hero-scope">
          <span className="fw-semibold">All wallets</span>
          {walletCount > 1 && ` (${walletCount})`}: every figure here counts the money in all of them.
        </p>
        <Row className="g-3 align-items-start">
          <Col md={7}>
            <Heading className="h6 text-body-secondary mb-1">True net income until {until}</Heading>
            <p className="display-5 fw-semibold mb-1" data-testid="true-net-income">
              <MoneyText value={analysis.netIncomeThisPeriod} />
            </p>
            <p className="small text-body-secondary mb-0">
              Last pay <MoneyText value={analysis.lastIncomeTotal} /> − this period’s bills{' '}
              <MoneyText value={analysis.obligationsTotal} /> (paid ones included)
            </p>
            <Meaning>What is left of your last pay once every bill until payday is paid.</Meaning>
            {shares && (
              <div className="mt-2 tn-set-aside" data-testid="net-after-set-aside">
                <p className="mb-1">
                  {`${setAsideSentence(shares.setAsideBills.map((bill) => bill.frequency))}: `}
                  <MoneyText className="fw-semibold" value={shares.netIncomeAfterSetAside} />
                </p>
                <details>
                  <summary className="small">The shares</summary>
                  <ul className="list-unstyled small mb-0 mt-1">
                    {shares.setAsideBills.map((bill) => (
                      <li key={bill.liabilityId}>
                        {`${bill.name} (${lessOftenWord(bill.frequency)}, due ${dateText(bill.nextDueDate)}): `}
                        <MoneyText value={bill.shareThisPeriod} /> this period,{' '}
                        <MoneyText value={bill.heldNow} /> held by now
                      </li>
                    ))}
                  </ul>
                </details>
              </div>
            )}
          </Col>
          <Col md={5}>
            <dl className="mb-0">
              <dt className="small fw-normal text-body-secondary">Safe to spend today</dt>
              <dd className="mb-2">
                <span className="d-block h4 mb-0" data-testid="safe-to-spend">
                  {forecast ? (
                    <MoneyText value={forecast.safeToSpend} />
                  ) : (
                    <Placeholder as="span" animation="glow" aria-hidden="true">
                      <Placeholder xs={6} />
                    </Placeholder>
                  )}
                </span>
                <Meaning>What your wallets can lose today and still pay every bill before payday.</Meaning>
              </dd>
              {shares && (
                <>
                  <dt className="small fw-normal text-body-secondary">Held for bills that come less often</dt>
                  <dd className="mb-2" data-testid="held-for-bills">
                    <MoneyText value={shares.heldForBills} />
                    <Meaning>What those bills have built up since each was last due: keep it aside.</Meaning>
                  </dd>
                </>
              )}
              {forecast && (
                <>
                  <dt className="small fw-normal text-body-secondary">Lowest balance ahead</dt>
                  <dd
                    className={`mb-0 ${dips ? 'text-danger fw-semibold' : ''}`}
                    data-testid="lowest-balance"
                  >
                    <MoneyText value={forecast.lowestBalance} /> {whenText(forecast.lowestDate)}
                    {forecast.firstNegativeDate && (
                      <span className="d-block small">
                        Below zero from {dateText(forecast.firstNegativeDate)}
                      </span>
                    )}
                    <Meaning>
                      {`The lowest your wallets get until ${dateText(forecast.horizon)}, with the pay and bills ahead.`}
                    </Meaning>
                  </dd>
                </>
              )}
              {debtFree !== undefined && (
                <>
                  <dt className="small fw-normal text-body-secondary mt-2">Debts</dt>
                  <dd className="mb-0" data-testid="debt-free">
                    {debtFree ? `Debt-free by ${monthName(debtFree)}` : 'Not paid off at these payments'}
                    <Meaning>With the plan chosen under Debts.</Meaning>
                  </dd>
                </>
              )}
            </dl>
          </Col>
        </Row>
        {children}
      </Card.Body>
    </Card>
  );
}
