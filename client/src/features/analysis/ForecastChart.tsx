/**
 * The forecast drawn on a canvas (loaded lazily: only the dashboard pays for it; a few hundred
 * lines rather than a charting library, for the app's size budget). The balance line turns the
 * danger colour below zero, pay days and bills are marked, the lowest point is labelled, and the
 * what-ifs are drawn as a dashed second line. A day's events show in a tooltip under the pointer
 * or, from the keyboard, under the arrow keys (announced to screen readers).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatShortDate } from '@truenet/core';
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
import { balanceRange, balanceTicks, dayAt, dayStep } from './chartScale';

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

/** CSS pixels: the plot's padding and the axes' room. */
const PAD_TOP = 16;
const PAD_RIGHT = 12;
const Y_AXIS = 56;
const X_AXIS = 26;

/** A drawn chart: its canvas context in device pixels, the plot's box, and where a value goes. */
interface Plot {
  ctx: CanvasRenderingContext2D;
  ratio: number;
  bbox: { left: number; top: number; width: number; height: number };
  /** Device pixels of a day's index and of a balance. */
  x(index: number): number;
  y(value: number): number;
}

function layout(
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  ratio: number,
  days: number,
  values: number[],
): Plot {
  const left = Y_AXIS * ratio;
  const top = PAD_TOP * ratio;
  const plotWidth = (width - Y_AXIS - PAD_RIGHT) * ratio;
  const plotHeight = (height - PAD_TOP - X_AXIS) * ratio;
  const [min, max] = balanceRange(values);
  const span = Math.max(1, days - 1);
  return {
    ctx,
    ratio,
    bbox: { left, top, width: plotWidth, height: plotHeight },
    x: (index) => left + (index / span) * plotWidth,
    y: (value) => top + (1 - (value - min) / (max - min)) * plotHeight,
  };
}

/** A stroke that is `above` over zero and `below` under it, with a hard change at zero. */
function splitAtZero(plot: Plot, above: string, below: string): CanvasGradient | string {
  const { top, height } = plot.bbox;
  if (height <= 0) return above;
  const stop = zeroStop(top, height, plot.y(0));
  const gradient = plot.ctx.createLinearGradient(0, top, 0, top + height);
  gradient.addColorStop(0, above);
  gradient.addColorStop(stop, above);
  gradient.addColorStop(stop, below);
  gradient.addColorStop(1, below);
  return gradient;
}

/** The grid, the balance axis's labels and the dates under the plot. */
function drawAxes(plot: Plot, days: readonly ForecastDayView[], values: number[], colours: Palette) {
  const { ctx, ratio, bbox } = plot;
  ctx.font = `${12 * ratio}px system-ui, sans-serif`;
  ctx.fillStyle = colours.text;
  ctx.strokeStyle = colours.grid;
  ctx.lineWidth = ratio;
  const [min, max] = balanceRange(values);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const tick of balanceTicks(min, max, Math.max(2, Math.floor(bbox.height / ratio / 40)))) {
    const y = Math.round(plot.y(tick)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(bbox.left + bbox.width, y);
    ctx.stroke();
    ctx.fillText(compactDollars(tick), bbox.left - 8 * ratio, y);
  }
  const step = dayStep(bbox.width / ratio / Math.max(1, days.length - 1), 56);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (let index = 0; index < days.length; index += step) {
    const x = plot.x(index);
    ctx.beginPath();
    ctx.moveTo(x, bbox.top + bbox.height);
    ctx.lineTo(x, bbox.top + bbox.height + 4 * ratio);
    ctx.stroke();
    const label = formatShortDate(days[index]!.date);
    const half = ctx.measureText(label).width / 2;
    ctx.fillText(
      label,
      Math.min(Math.max(x, half), plot.x(days.length - 1) + PAD_RIGHT * ratio - half),
      bbox.top + bbox.height + 7 * ratio,
    );
  }
}

function drawLine(
  plot: Plot,
  line: readonly ForecastDayView[],
  stroke: CanvasGradient | string,
  width: number,
  dash: number[],
) {
  const { ctx, ratio } = plot;
  ctx.save();
  ctx.strokeStyle = stroke;
  ctx.lineWidth = width * ratio;
  ctx.lineJoin = 'round';
  ctx.setLineDash(dash.map((part) => part * ratio));
  ctx.beginPath();
  line.forEach((day, index) =>
    index === 0
      ? ctx.moveTo(plot.x(index), plot.y(day.balance))
      : ctx.lineTo(plot.x(index), plot.y(day.balance)),
  );
  ctx.stroke();
  ctx.restore();
}

/** The zero line, the markers of pay days, bills and what-ifs, and the lowest point's label. */
function drawMarks(
  u: Plot,
  days: readonly ForecastDayView[],
  whatIfDays: readonly ForecastDayView[] | undefined,
  colours: Palette,
) {
  const { ctx, ratio } = u;
  const { left, top, width, height } = u.bbox;
  ctx.save();

  const zeroY = u.y(0);
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
      const x = u.x(index);
      const y = u.y(day.balance);
      for (const { kind, dx } of dayMarkers(day, kinds)) mark(kind, x + dx * ratio, y);
    });
  markLine(days, ['INCOME', 'BILL']);
  if (whatIfDays) markLine(whatIfDays, ['WHAT_IF']);

  const line = whatIfDays ?? days;
  const low = lowestDay(line);
  if (low) {
    const index = line.indexOf(low);
    const x = u.x(index);
    const y = u.y(low.balance);
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

/** The day under the cursor: a dashed rule and a point on the line. */
function drawCursor(plot: Plot, line: readonly ForecastDayView[], index: number, colours: Palette) {
  const { ctx, ratio, bbox } = plot;
  const x = Math.round(plot.x(index)) + 0.5;
  ctx.save();
  ctx.strokeStyle = colours.text;
  ctx.lineWidth = ratio;
  ctx.setLineDash([3 * ratio, 3 * ratio]);
  ctx.beginPath();
  ctx.moveTo(x, bbox.top);
  ctx.lineTo(x, bbox.top + bbox.height);
  ctx.stroke();
  ctx.setLineDash([]);
  const balance = line[index]!.balance;
  ctx.fillStyle = balance < 0 ? colours.danger : colours.line;
  ctx.beginPath();
  ctx.arc(x, plot.y(balance), 4.5 * ratio, 0, 2 * Math.PI);
  ctx.fill();
  ctx.restore();
}

/** The whole chart, drawn again for each cursor position (a few hundred points: well under a frame). */
function drawChart(
  canvas: HTMLCanvasElement,
  width: number,
  days: readonly ForecastDayView[],
  whatIfDays: readonly ForecastDayView[] | undefined,
  colours: Palette,
  cursorIndex: number | null,
): Plot | null {
  const ctx = canvas.getContext('2d');
  if (!ctx || days.length === 0) return null;
  const ratio = window.devicePixelRatio || 1;
  const height = width < 576 ? HEIGHT_PHONE : HEIGHT_WIDE;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.height = `${height}px`;
  const values = [...days, ...(whatIfDays ?? [])].map((day) => day.balance);
  const plot = layout(ctx, width, height, ratio, days.length, values);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  drawAxes(plot, days, values, colours);
  drawLine(plot, days, splitAtZero(plot, colours.line, colours.danger), 2.5, []);
  if (whatIfDays) drawLine(plot, whatIfDays, splitAtZero(plot, colours.whatIf, colours.danger), 2, [6, 4]);
  drawMarks(plot, days, whatIfDays, colours);
  if (cursorIndex !== null) drawCursor(plot, whatIfDays ?? days, cursorIndex, colours);
  return plot;
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
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const plotRef = useRef<Plot | null>(null);
  const [cursor, setCursor] = useState<CursorAt | null>(null);
  const [width, setWidth] = useState(0);
  const [scheme, setScheme] = useState(0);
  const active = cursor?.index ?? null;
  const [spoken, setSpoken] = useState('');

  // A new width draws at that width; a new colour mode draws with its colours.
  useEffect(() => {
    const holder = frame.current;
    if (!holder) return undefined;
    // The day under the cursor was placed at the old width: it goes until the pointer or a key moves.
    const resize = new ResizeObserver(() => {
      setWidth(holder.clientWidth);
      setCursor(null);
    });
    resize.observe(holder);
    const colourMode = window.matchMedia('(prefers-color-scheme: dark)');
    const redraw = () => setScheme((count) => count + 1);
    colourMode.addEventListener('change', redraw);
    return () => {
      resize.disconnect();
      colourMode.removeEventListener('change', redraw);
    };
  }, []);

  useEffect(() => {
    const holder = frame.current;
    const canvas = canvasRef.current;
    if (!holder || !canvas || width === 0) return;
    plotRef.current = drawChart(canvas, width, days, whatIfDays, palette(holder), active);
  }, [days, whatIfDays, width, scheme, active]);

  /** The cursor on a day: where its tooltip goes, in CSS pixels of the frame. */
  function pointAt(index: number) {
    const plot = plotRef.current;
    if (!plot) return;
    const x = plot.x(index) / plot.ratio;
    setCursor((current) => (current?.index === index ? current : { index, x, onRight: x > width / 2 }));
  }

  function onPointer(event: PointerEvent<HTMLCanvasElement>) {
    const plot = plotRef.current;
    if (!plot) return;
    const box = event.currentTarget.getBoundingClientRect();
    const perDay = plot.bbox.width / plot.ratio / Math.max(1, days.length - 1);
    pointAt(dayAt(event.clientX - box.left, plot.bbox.left / plot.ratio, perDay, days.length));
  }

  function moveWithKeys(event: KeyboardEvent<HTMLDivElement>) {
    const next = keyedDay(event.key, active, days.length);
    if (next === null) return;
    event.preventDefault();
    pointAt(next);
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
      >
        <canvas
          ref={canvasRef}
          className="tn-chart-canvas"
          onPointerMove={onPointer}
          onPointerDown={onPointer}
          onPointerLeave={() => setCursor(null)}
        />
      </div>
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
