/**
 * The forecast drawn with uPlot (loaded lazily: only the dashboard pays for it). The balance line
 * turns the danger colour below zero, pay days and bills are marked, the lowest point is labelled,
 * and the what-ifs are drawn as a dashed second line. A day's events show in a tooltip under the
 * pointer or, from the keyboard, under the arrow keys (announced to screen readers).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatShortDate } from '@truenet/core';
import uPlot from 'uplot';
import { MoneyText } from '../../components/money';
import { displayDate } from '../../kit/dates';
import {
  compactDollars,
  dayMarkers,
  daySentence,
  eventLine,
  keyedDay,
  lowestDay,
  zeroStop,
  type ForecastDayView,
  type MarkerKind,
} from './forecastView';

export interface ForecastChartProps {
  days: readonly ForecastDayView[];
  /** The same days with the what-ifs counted; drawn dashed. */
  whatIfDays?: readonly ForecastDayView[];
  /** Id of the text that describes the chart (its summary). */
  describedBy: string;
}

const HEIGHT_WIDE = 260;
const HEIGHT_PHONE = 200;

/** The day under the cursor and where its tooltip goes (CSS pixels in the chart's frame). */
interface CursorAt {
  index: number;
  x: number;
  onRight: boolean;
}

interface Palette {
  line: string;
  whatIf: string;
  danger: string;
  success: string;
  text: string;
  grid: string;
  background: string;
}

function palette(element: Element): Palette {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    line: read('--bs-primary', '#0f766e'),
    whatIf: read('--bs-warning-text-emphasis', '#92400e'),
    danger: read('--bs-danger', '#dc3545'),
    success: read('--bs-success', '#198754'),
    text: read('--bs-secondary-color', '#6c757d'),
    grid: read('--bs-border-color-translucent', 'rgba(0,0,0,.1)'),
    background: read('--bs-body-bg', '#fff'),
  };
}

/** A stroke that is `above` over zero and `below` under it, with a hard change at zero. */
function splitAtZero(above: string, below: string) {
  return (u: uPlot): CanvasGradient | string => {
    const { top, height } = u.bbox;
    if (height <= 0) return above;
    const stop = zeroStop(top, height, u.valToPos(0, 'y', true));
    const gradient = u.ctx.createLinearGradient(0, top, 0, top + height);
    gradient.addColorStop(0, above);
    gradient.addColorStop(stop, above);
    gradient.addColorStop(stop, below);
    gradient.addColorStop(1, below);
    return gradient;
  };
}

/** The zero line, the markers of pay days, bills and what-ifs, and the lowest point's label. */
function drawMarks(
  u: uPlot,
  days: readonly ForecastDayView[],
  whatIfDays: readonly ForecastDayView[] | undefined,
  colours: Palette,
) {
  const ctx = u.ctx;
  const ratio = uPlot.pxRatio;
  const { left, top, width, height } = u.bbox;
  ctx.save();

  const zeroY = u.valToPos(0, 'y', true);
  if (zeroY >= top && zeroY <= top + height) {
    ctx.strokeStyle = colours.text;
    ctx.lineWidth = ratio;
    ctx.setLineDash([4 * ratio, 4 * ratio]);
    ctx.beginPath();
    ctx.moveTo(left, zeroY);
    ctx.lineTo(left + width, zeroY);
    ctx.stroke();
    ctx.setLineDash([]);
  }

  // Pay days and bills sit on the forecast itself, what-ifs on their dashed line: marks are drawn
  // after both lines, so neither line ever hides one, and a day's marks stand side by side.
  const mark = (kind: MarkerKind, x: number, y: number) => {
    if (kind === 'INCOME') {
      ctx.fillStyle = colours.success;
      ctx.beginPath();
      ctx.arc(x, y, 4.5 * ratio, 0, 2 * Math.PI);
      ctx.fill();
    } else if (kind === 'BILL') {
      ctx.strokeStyle = colours.danger;
      ctx.fillStyle = colours.background;
      ctx.lineWidth = 2 * ratio;
      ctx.beginPath();
      ctx.arc(x, y, 4 * ratio, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
    } else {
      const size = 5 * ratio;
      ctx.fillStyle = colours.whatIf;
      ctx.beginPath();
      ctx.moveTo(x, y - size);
      ctx.lineTo(x + size, y);
      ctx.lineTo(x, y + size);
      ctx.lineTo(x - size, y);
      ctx.closePath();
      ctx.fill();
    }
  };
  const markLine = (line: readonly ForecastDayView[], kinds: readonly MarkerKind[]) =>
    line.forEach((day, index) => {
      const x = u.valToPos(index, 'x', true);
      const y = u.valToPos(day.balance, 'y', true);
      for (const { kind, dx } of dayMarkers(day, kinds)) mark(kind, x + dx * ratio, y);
    });
  markLine(days, ['INCOME', 'BILL']);
  if (whatIfDays) markLine(whatIfDays, ['WHAT_IF']);

  const line = whatIfDays ?? days;
  const low = lowestDay(line);
  if (low) {
    const index = line.indexOf(low);
    const x = u.valToPos(index, 'x', true);
    const y = u.valToPos(low.balance, 'y', true);
    const label = `Lowest ${compactDollars(low.balance)} · ${formatShortDate(low.date)}`;
    ctx.font = `600 ${12 * ratio}px system-ui, sans-serif`;
    const textWidth = ctx.measureText(label).width;
    const textX = Math.min(Math.max(x - textWidth / 2, left), left + width - textWidth);
    // Below the lowest point nothing is drawn, so the label goes there when it fits.
    const below = y + 24 * ratio < top + height || y - 22 * ratio < top;
    ctx.fillStyle = low.balance < 0 ? colours.danger : colours.text;
    ctx.beginPath();
    ctx.arc(x, y, 3 * ratio, 0, 2 * Math.PI);
    ctx.fill();
    ctx.textAlign = 'left';
    ctx.textBaseline = below ? 'top' : 'bottom';
    // A halo of the background colour keeps the label readable where it crosses the line.
    const textY = below ? y + 10 * ratio : y - 10 * ratio;
    ctx.strokeStyle = colours.background;
    ctx.lineWidth = 4 * ratio;
    ctx.lineJoin = 'round';
    ctx.strokeText(label, textX, textY);
    ctx.fillText(label, textX, textY);
  }
  ctx.restore();
}

function chartOptions(
  width: number,
  days: readonly ForecastDayView[],
  whatIfDays: readonly ForecastDayView[] | undefined,
  colours: Palette,
  onCursor: (at: CursorAt | null) => void,
): uPlot.Options {
  const axis = {
    stroke: colours.text,
    grid: { stroke: colours.grid, width: 1 },
    ticks: { stroke: colours.grid },
  };
  return {
    width,
    height: width < 576 ? HEIGHT_PHONE : HEIGHT_WIDE,
    padding: [16, 12, 0, 0],
    legend: { show: false },
    cursor: { y: false, drag: { x: false, y: false }, points: { size: 9 } },
    scales: {
      x: { time: false, range: [0, Math.max(1, days.length - 1)] },
      y: {
        // Zero is always in view, with room under a negative low point for its label.
        range: (_u, min, max) => {
          const low = Math.min(0, min);
          const high = Math.max(0, max);
          const pad = Math.max(50, (high - low) * 0.12);
          return [low - (low < 0 ? pad * 1.5 : 0), high + pad];
        },
      },
    },
    axes: [
      {
        ...axis,
        grid: { show: false },
        space: 56,
        incrs: [1, 7, 14, 28],
        values: (_u, splits) => splits.map((index) => (days[index] ? formatShortDate(days[index].date) : '')),
      },
      { ...axis, size: 56, values: (_u, splits) => splits.map(compactDollars) },
    ],
    series: [
      {},
      {
        label: 'Balance',
        stroke: splitAtZero(colours.line, colours.danger),
        width: 2.5,
        points: { show: false },
      },
      ...(whatIfDays
        ? [
            {
              label: 'With your what-ifs',
              stroke: splitAtZero(colours.whatIf, colours.danger),
              width: 2,
              dash: [6, 4],
              points: { show: false },
            },
          ]
        : []),
    ],
    hooks: {
      draw: [(u) => drawMarks(u, days, whatIfDays, colours)],
      setCursor: [
        (u) => {
          const index = u.cursor.idx;
          if (index === null || index === undefined) return onCursor(null);
          const x = u.over.offsetLeft + u.valToPos(index, 'x');
          onCursor({ index, x, onRight: x > u.over.offsetLeft + u.over.clientWidth / 2 });
        },
      ],
    },
  };
}

/** The tooltip: the day, its end-of-day balance (and with the what-ifs), and its events. */
function DayTip({ day, withWhatIfs }: { day: ForecastDayView; withWhatIfs: ForecastDayView | undefined }) {
  const events = (withWhatIfs ?? day).events;
  return (
    <>
      <strong className="d-block">{displayDate(day.date)}</strong>
      <span className="d-block">
        Balance <MoneyText value={day.balance} />
      </span>
      {withWhatIfs && withWhatIfs.balance !== day.balance && (
        <span className="d-block">
          With your what-ifs <MoneyText value={withWhatIfs.balance} />
        </span>
      )}
      {events.length > 0 && (
        <ul className="list-unstyled mb-0 mt-1">
          {events.map((event, index) => (
            <li key={index}>{eventLine(event)}</li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function ForecastChart({ days, whatIfDays, describedBy }: ForecastChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const [cursor, setCursor] = useState<CursorAt | null>(null);
  const active = cursor?.index ?? null;
  const [spoken, setSpoken] = useState('');

  useEffect(() => {
    const holder = frame.current;
    if (!holder) return undefined;
    const build = () => {
      plotRef.current?.destroy();
      const data: uPlot.AlignedData = [
        days.map((_, index) => index),
        days.map((day) => day.balance),
        ...(whatIfDays ? [whatIfDays.map((day) => day.balance)] : []),
      ];
      plotRef.current = new uPlot(
        chartOptions(holder.clientWidth, days, whatIfDays, palette(holder), (at) =>
          setCursor((current) => (current?.index === at?.index && current?.x === at?.x ? current : at)),
        ),
        data,
        holder,
      );
    };
    build();
    // A new width redraws at that width; a new colour mode redraws with its colours.
    let width = holder.clientWidth;
    const resize = new ResizeObserver(() => {
      if (holder.clientWidth === width) return;
      width = holder.clientWidth;
      build();
    });
    resize.observe(holder);
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', build);
    return () => {
      resize.disconnect();
      scheme.removeEventListener('change', build);
      plotRef.current?.destroy();
      plotRef.current = null;
    };
  }, [days, whatIfDays]);

  function moveWithKeys(event: KeyboardEvent<HTMLDivElement>) {
    const next = keyedDay(event.key, active, days.length);
    const plot = plotRef.current;
    if (next === null || !plot) return;
    event.preventDefault();
    const day = (whatIfDays ?? days)[next]!;
    plot.setCursor({ left: plot.valToPos(next, 'x'), top: plot.valToPos(day.balance, 'y') });
    setSpoken(daySentence(days[next]!, whatIfDays?.[next]));
  }

  const day = active === null ? undefined : days[active];

  return (
    <div className="tn-chart-frame">
      <div
        ref={frame}
        className="tn-chart"
        role="group"
        tabIndex={0}
        aria-label="Balance forecast chart. Left and right arrow keys move a day, Page Up and Page Down a week."
        aria-describedby={describedBy}
        onKeyDown={moveWithKeys}
        onBlur={() => setSpoken('')}
      />
      {day && cursor && (
        <div
          className="tn-chart-tip"
          style={
            cursor.onRight ? { right: `calc(100% - ${cursor.x - 12}px)` } : { left: `${cursor.x + 12}px` }
          }
          aria-hidden="true"
          data-testid="forecast-tooltip"
        >
          <DayTip day={day} withWhatIfs={whatIfDays?.[active!]} />
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {spoken}
      </p>
    </div>
  );
}
