import { Component, lazy, Suspense, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { MoneyText } from '../../components/money';
import { displayDate } from '../../kit/dates';
import { eventLine, forecastSummary, notableDays, type ForecastDayView } from './forecastView';
import './forecast.css';

// uPlot and the drawing code load only when a forecast is shown, never on the public pages.
const ForecastChart = lazy(() => import('./ForecastChart'));

/** Browsers without these (none that TrueNet supports) get the summary and the table alone. */
function canDraw(): boolean {
  return typeof ResizeObserver === 'function' && typeof window.matchMedia === 'function';
}

/** Without a chart (the drawing failed or cannot run here) the summary and the table still tell it all. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <p className="small text-body-secondary">
          The chart could not be drawn here; the table below has every change.
        </p>
      );
    }
    return this.props.children;
  }
}

interface ForecastCardProps {
  days: readonly ForecastDayView[];
  /** The same days with the what-ifs of "Can I afford it?" counted. */
  whatIfDays?: readonly ForecastDayView[];
  horizon: string;
}

/** The day-by-day balance until the horizon: a chart with its summary, legend and table. */
export function ForecastCard({ days, whatIfDays, horizon }: ForecastCardProps) {
  // With what-ifs, the table shows their days and their balances.
  const tableRows = notableDays(whatIfDays ?? days);
  return (
    <Card as="section" aria-labelledby="forecast-title" className="mb-3">
      <Card.Header className="d-flex flex-wrap align-items-baseline justify-content-between gap-2">
        <h3 id="forecast-title" className="h6 mb-0">
          Balance forecast to {displayDate(horizon)}
        </h3>
        <ul className="tn-chart-legend list-inline small mb-0" aria-label="Chart legend">
          <li className="list-inline-item">
            <span className="tn-mark tn-mark-pay" aria-hidden="true" /> Pay day
          </li>
          <li className="list-inline-item">
            <span className="tn-mark tn-mark-bill" aria-hidden="true" /> Bill
          </li>
          {whatIfDays && (
            <li className="list-inline-item">
              <span className="tn-mark tn-mark-whatif" aria-hidden="true" /> What if (dashed)
            </li>
          )}
        </ul>
      </Card.Header>
      <Card.Body>
        <p id="forecast-summary" className="small text-body-secondary mb-2" data-testid="forecast-summary">
          {forecastSummary(days, whatIfDays)}
        </p>
        <ChartBoundary>
          {canDraw() && (
            <Suspense fallback={<div className="tn-chart-placeholder placeholder-glow" aria-hidden="true" />}>
              <ForecastChart days={days} whatIfDays={whatIfDays} describedBy="forecast-summary" />
            </Suspense>
          )}
        </ChartBoundary>
        <details className="mt-2">
          <summary className="small">Show the forecast as a table</summary>
          <Table size="sm" className="mt-2 mb-0 small">
            <caption className="visually-hidden">Forecast days with pay or bills</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">What happens</th>
                <th scope="col" className="text-end">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {tableRows.map((day) => (
                <tr key={day.date}>
                  <td className="text-nowrap">{displayDate(day.date)}</td>
                  <td>{day.events.length ? day.events.map(eventLine).join('; ') : '—'}</td>
                  <td className="text-end text-nowrap">
                    <MoneyText value={day.balance} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </details>
      </Card.Body>
    </Card>
  );
}
