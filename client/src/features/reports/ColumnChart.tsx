/**
 * The Reports tab's charts, drawn as SVG by React (a few hundred lines rather than a charting
 * library, for the app's size budget, as the forecast does on its canvas): bars per column, side
 * by side or stacked, and lines through the columns. A column's values are read out under the
 * chart when the pointer is over it or, from the keyboard, under the arrow keys (announced to
 * screen readers); the table behind each chart holds every figure.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { balanceTicks } from '../analysis/chartScale';
import { compactDollars, keyedDay } from '../analysis/forecastView';

export interface ChartSeries {
  key: string;
  name: string;
  /** One value per column, in dollars. */
  values: readonly number[];
  /** The CSS class that colours it (reports.css). */
  tone: string;
}

export interface ColumnChartProps {
  /** What the chart shows, for screen readers. */
  label: string;
  /** Id of the sentence that sums the chart up. */
  describedBy: string;
  /** The columns' axis labels. */
  columns: readonly string[];
  bars?: readonly ChartSeries[];
  /** Stacked bars (one per column) or side by side. */
  stacked?: boolean;
  lines?: readonly ChartSeries[];
  /** A column's values in words: what the keyboard and the pointer read out. */
  describe: (index: number) => string;
}

const HEIGHT_WIDE = 240;
const HEIGHT_PHONE = 190;
const MARGIN = { top: 10, right: 8, bottom: 26, left: 46 };
/** The space an axis label needs, in pixels. */
const LABEL_SPACE = 46;

/** The chart's width, following its frame. */
function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** The value axis: zero always in view, a little room above the highest. */
function valueRange(values: readonly number[]): [number, number] {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const pad = Math.max(1, (high - low) * 0.08);
  return [low < 0 ? low - pad : 0, high + pad];
}

export function ColumnChart({
  label,
  describedBy,
  columns,
  bars = [],
  stacked = false,
  lines = [],
  describe,
}: ColumnChartProps) {
  const [frame, width] = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const readoutId = useId();
  const height = width < 480 ? HEIGHT_PHONE : HEIGHT_WIDE;
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const count = columns.length;
  const columnWidth = count > 0 ? plotWidth / count : plotWidth;

  const stackTops = columns.map((_, index) =>
    bars.reduce((sum, series) => sum + Math.max(0, series.values[index] ?? 0), 0),
  );
  const everything = [
    ...(stacked ? stackTops : bars.flatMap((series) => series.values)),
    ...lines.flatMap((series) => series.values),
  ];
  const [low, high] = valueRange(everything);
  const y = (value: number) => MARGIN.top + ((high - value) / (high - low || 1)) * plotHeight;
  const ticks = balanceTicks(low, high, height < HEIGHT_WIDE ? 4 : 5);
  const labelEvery = Math.max(1, Math.ceil(LABEL_SPACE / columnWidth));
  const centre = (index: number) => MARGIN.left + columnWidth * (index + 0.5);
  const barGap = Math.min(8, columnWidth * 0.2);
  const groupWidth = Math.max(2, columnWidth - barGap * 2);
  const barWidth = stacked || bars.length === 0 ? groupWidth : groupWidth / bars.length;

  const onKeyDown = (event: KeyboardEvent) => {
    const next = keyedDay(event.key, active, count);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };
  const onPointer = (clientX: number, target: SVGSVGElement) => {
    const left = target.getBoundingClientRect().left;
    const index = Math.floor((clientX - left - MARGIN.left) / columnWidth);
    setActive(index >= 0 && index < count ? index : null);
  };

  return (
    <div className="tn-report-chart">
      <div
        ref={frame}
        role="group"
        aria-label={`${label}: the arrow keys read each column`}
        aria-describedby={`${describedBy} ${readoutId}`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        className="tn-report-chart-frame"
      >
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          aria-hidden="true"
          onPointerMove={(event) => onPointer(event.clientX, event.currentTarget)}
          onPointerLeave={() => setActive(null)}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                className={tick === 0 ? 'tn-chart-zero' : 'tn-chart-grid'}
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={y(tick)}
                y2={y(tick)}
              />
              <text className="tn-chart-axis" x={MARGIN.left - 6} y={y(tick) + 4} textAnchor="end">
                {compactDollars(tick)}
              </text>
            </g>
          ))}
          {active !== null && (
            <rect
              className="tn-chart-active"
              x={MARGIN.left + columnWidth * active}
              y={MARGIN.top}
              width={columnWidth}
              height={plotHeight}
            />
          )}
          {columns.map((_, index) => {
            const left = MARGIN.left + columnWidth * index + barGap;
            let stackBase = 0;
            return (
              <g key={`bars-${index}`}>
                {bars.map((series, position) => {
                  const value = series.values[index] ?? 0;
                  if (stacked) {
                    const shown = Math.max(0, value);
                    const top = y(stackBase + shown);
                    const rect = (
                      <rect
                        key={series.key}
                        className={series.tone}
                        x={left}
                        y={top}
                        width={barWidth}
                        height={Math.max(0, y(stackBase) - top)}
                      />
                    );
                    stackBase += shown;
                    return rect;
                  }
                  const top = Math.min(y(value), y(0));
                  return (
                    <rect
                      key={series.key}
                      className={series.tone}
                      x={left + barWidth * position}
                      y={top}
                      width={Math.max(1, barWidth - 1)}
                      height={Math.max(value === 0 ? 0 : 1, Math.abs(y(value) - y(0)))}
                    />
                  );
                })}
              </g>
            );
          })}
          {lines.map((series) => (
            <g key={series.key} className={series.tone}>
              <polyline
                fill="none"
                points={series.values.map((value, index) => `${centre(index)},${y(value)}`).join(' ')}
              />
              {series.values.map((value, index) => (
                <circle key={index} cx={centre(index)} cy={y(value)} r={active === index ? 4.5 : 3} />
              ))}
            </g>
          ))}
          {columns.map((column, index) =>
            index % labelEvery === 0 || index === count - 1 ? (
              <text
                key={`label-${index}`}
                className="tn-chart-axis"
                x={centre(index)}
                y={height - 8}
                textAnchor="middle"
              >
                {index % labelEvery === 0 ? column : ''}
              </text>
            ) : null,
          )}
        </svg>
      </div>
      <p id={readoutId} className="tn-report-readout small mb-0" aria-live="polite">
        {active === null ? '\u00a0' : describe(active)}
      </p>
    </div>
  );
}

/** The chart's key: a swatch and a name per series. */
export function ChartLegend({ series }: { series: readonly Pick<ChartSeries, 'key' | 'name' | 'tone'>[] }) {
  return (
    <ul className="tn-report-legend list-inline small mb-2" aria-label="Chart legend">
      {series.map((one) => (
        <li key={one.key} className="list-inline-item">
          <svg width="12" height="12" aria-hidden="true" className={one.tone}>
            <rect width="12" height="12" rx="2" />
          </svg>{' '}
          {one.name}
        </li>
      ))}
    </ul>
  );
}
