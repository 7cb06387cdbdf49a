/**
 * The forecast chart's scales, pure: which values the balance axis spans, where its ticks go, and
 * how many days apart the date labels are. Drawing is ForecastChart's.
 */

/** The balance axis: zero always in view, with room under a negative low point for its label. */
export function balanceRange(values: readonly number[]): [number, number] {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const pad = Math.max(50, (high - low) * 0.12);
  return [low - (low < 0 ? pad * 1.5 : 0), high + pad];
}

/** Round ticks (1, 2 or 5 times a power of ten apart) over [min, max], about `count` of them. */
export function balanceTicks(min: number, max: number, count: number): number[] {
  const raw = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let value = Math.ceil(min / step) * step; value <= max; value += step)
    ticks.push(Math.round(value) || 0);
  return ticks;
}

/** Days between date labels: the smallest of 1, 7, 14 or 28 that leaves `space` pixels per label. */
export function dayStep(pixelsPerDay: number, space: number): number {
  return [1, 7, 14, 28].find((step) => step * pixelsPerDay >= space) ?? 28;
}

/** The day nearest a horizontal position, within the days drawn. */
export function dayAt(x: number, left: number, pixelsPerDay: number, count: number): number {
  return Math.min(count - 1, Math.max(0, Math.round((x - left) / pixelsPerDay)));
}
