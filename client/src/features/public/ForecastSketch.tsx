import { useId } from 'react';
import { formatMoney } from '@truenet/core';
import { inDays, type ExamplePicture } from './examplePicture';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { top: 18, right: 8, bottom: 8, left: 8 };

/**
 * The forecast as a small inline SVG for the landing page: the same story as the dashboard's chart
 * (the line, red below zero, pay days and bills marked, the lowest point labelled) without loading
 * the chart library on a page that must paint at once.
 */
export function ForecastSketch({ picture }: { picture: ExamplePicture }) {
  const gradientId = useId();
  const values = picture.days.map(([, cents]) => cents);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (index / Math.max(1, values.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (cents: number) => PAD.top + ((high - cents) / span) * plotHeight;
  const path = values
    .map((cents, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)} ${y(cents).toFixed(1)}`)
    .join(' ');
  const zero = y(0);
  const { lowestBalanceCents, lowestDate, horizon } = picture.hero;
  const lowestIndex = picture.days.findIndex(([date]) => date === lowestDate);
  const summary =
    `Example forecast: ${formatMoney(values[0] ?? 0)} today, lowest ${formatMoney(lowestBalanceCents)} ` +
    `${inDays(lowestDate)}, ${formatMoney(values[values.length - 1] ?? 0)} ${inDays(horizon)}.`;
  const labelX = Math.min(Math.max(x(lowestIndex), 60), WIDTH - 60);

  return (
    <svg className="tn-sketch" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
      <defs>
        <linearGradient
          id={gradientId}
          gradientUnits="userSpaceOnUse"
          x1="0"
          y1={PAD.top}
          x2="0"
          y2={HEIGHT - PAD.bottom}
        >
          <stop offset={(zero - PAD.top) / plotHeight} className="tn-sketch-above" />
          <stop offset={(zero - PAD.top) / plotHeight} className="tn-sketch-below" />
        </linearGradient>
      </defs>
      <line className="tn-sketch-zero" x1={PAD.left} x2={WIDTH - PAD.right} y1={zero} y2={zero} />
      <path d={path} fill="none" stroke={`url(#${gradientId})`} strokeWidth="2.5" strokeLinejoin="round" />
      {picture.days.map(([date, cents, mark], index) =>
        mark ? (
          <circle
            key={date}
            className={`tn-sketch-${mark}`}
            cx={x(index)}
            cy={y(cents)}
            r={mark === 'pay' ? 4 : 3.5}
          />
        ) : null,
      )}
      {lowestIndex >= 0 && (
        <text
          className="tn-sketch-label"
          x={labelX}
          y={Math.min(y(lowestBalanceCents) + 16, HEIGHT - 2)}
          textAnchor="middle"
        >
          Lowest {formatMoney(lowestBalanceCents)}
        </text>
      )}
    </svg>
  );
}
