import { Component, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { MoneyText } from '../../components/money';
import { displayDate } from '../../kit/dates';
import { eventLine, forecastSummary, notableDays, type ForecastDayView } from './forecastView';
import './forecast.css';

type ChartComponent = typeof import('./ForecastChart').default;
type ChartProps = ComponentProps<ChartComponent>;

// The drawing code loads only where a forecast is shown, never on the public pages.
let loadedChart: ChartComponent | undefined;
const loadForecastChart = () =>
  import('./ForecastChart').then((module) => {
    loadedChart = module.default;
    return module.default;
  });

/** Browsers without these (none that TrueNet supports) get the summary and the table alone. */
function canDraw(): boolean {
  return typeof ResizeObserver === 'function' && typeof window.matchMedia === 'function';
}

/**
 * Starts fetching the chart's code ahead of the chart (UserHomePage: once the first screen is drawn
 * and the browser is idle), so that the chart is drawn as it comes onto the screen instead of one
 * more round trip later.
 */
export function preloadForecastChart(): void {
  // A failed fetch is the chart's to report when it is shown, not an unhandled rejection here.
  if (canDraw()) loadForecastChart().catch(() => undefined);
}

/**
 * Whether the chart's code is here: at once when it was preloaded, otherwise as soon as it arrives.
 * Not React.lazy: a lazy component suspends on its first render even when its code is here, and
 * React keeps a fallback it has shown for 300 ms.
 */
function useChartCode(): 'loading' | 'ready' | 'failed' {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(() =>
    loadedChart ? 'ready' : 'loading',
  );
  useEffect(() => {
    if (state !== 'loading') return undefined;
    let current = true;
    loadForecastChart().then(
      () => current && setState('ready'),
      () => current && setState('failed'),
    );
    return () => {
      current = false;
    };
  }, [state]);
  return state;
}

/** Rendered once the chart's code is here (useChartCode said so). */
function LoadedChart(props: ChartProps) {
  const ForecastChart = loadedChart as ChartComponent;
  return <ForecastChart {...props} />;
}

function ChartUnavailable() {
  return (
    <p className="small text-body-secondary">
      The chart could not be drawn here; the table below has every change.
    </p>
  );
}

/** Without a chart (the drawing failed or cannot run here) the summary and the table still tell it all. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <ChartUnavailable /> : this.props.children;
  }
}

function ChartSlot(props: ChartProps) {
  const code = useChartCode();
  if (code === 'failed') return <ChartUnavailable />;
  if (code === 'loading') return <div className="tn-chart-placeholder placeholder-glow" aria-hidden="true" />;
  return (
    <ChartBoundary>
      <LoadedChart {...props} />
    </ChartBoundary>
  );
}

/** The card's place while its days are on their way: about its height, so nothing below jumps. */
export function ForecastCardPlaceholder() {
  return (
    <Card className="mb-3" aria-hidden="true">
      <Card.Body>
        <div className="tn-forecast-placeholder placeholder-glow" />
      </Card.Body>
    </Card>
  );
}

interface ForecastCardProps {
  days: readonly ForecastDayView[];
  /** The same days with the what-ifs of "Can I afford it?" counted. */
  whatIfDays?: readonly ForecastDayView[];
  horizon: string;
  /** What the balance already holds for the bills that come less often (the hero's figure). */
  heldForBills?: number;
}

/** The day-by-day balance until the horizon: a chart with its summary, legend and table. */
export function ForecastCard({ days, whatIfDays, horizon, heldForBills = 0 }: ForecastCardProps) {
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
          {forecastSummary(days, whatIfDays, heldForBills)}
        </p>
        {canDraw() && <ChartSlot days={days} whatIfDays={whatIfDays} describedBy="forecast-summary" />}
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
