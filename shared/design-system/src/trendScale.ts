// Pure maths of TrendChart: y ticks, x label thinning and point coordinates. No React, no DOM.

/** Step multipliers, each at most twice the one before: that keeps a nice scale at 4-6 ticks. */
const NICE_STEPS = [1, 2, 2.5, 5, 10];
const MAX_INTERVALS = 5;

/** Drops the binary noise of products such as 3 * 0.1 (0.30000000000000004). */
const clean = (value: number): number => Number.parseFloat(value.toPrecision(12));

/**
 * Round y ticks from 0 up to at least `max`: 4 to 6 ticks of 1, 2, 2.5 or 5 times a power of ten.
 * With `integer` (counts) the step is a whole number, so a max under 3 gets fewer ticks instead of
 * fractions. A max of 0 or less scales as 1, so flat zero data still has an axis.
 */
export function niceTicks(max: number, integer = false): number[] {
  const top = max > 0 ? max : 1;
  const magnitude = 10 ** Math.floor(Math.log10(top / MAX_INTERVALS));
  const steps = NICE_STEPS.map((multiplier) => clean(multiplier * magnitude)).filter((step) => !integer || Number.isInteger(step));
  // top / 5 < 10 * magnitude, so the last step always fits; an integer scale under 5 steps by 1.
  const step = steps.find((candidate) => top / candidate <= MAX_INTERVALS + 1e-9) ?? 1;
  const intervals = Math.ceil(clean(top / step));
  return Array.from({ length: intervals + 1 }, (_, i) => clean(i * step));
}

/**
 * The indices of the x labels to show: every k-th from the first, k the fewest points that keep
 * labels `labelWidth` wide from overlapping when `count` points spread over `axisWidth`.
 */
export function labelIndices(count: number, axisWidth: number, labelWidth: number): number[] {
  if (count <= 0) return [];
  const gap = count > 1 ? axisWidth / (count - 1) : axisWidth;
  const every = Math.max(1, Math.ceil(labelWidth / gap));
  const shown: number[] = [];
  for (let i = 0; i < count; i += every) shown.push(i);
  return shown;
}

/** The x of the point at `index` of `count` spread over [left, left + width]; one point sits in the middle. */
export function pointX(index: number, count: number, left: number, width: number): number {
  return count <= 1 ? left + width / 2 : left + (index * width) / (count - 1);
}

/** The y of `value` on a scale from 0 (at `bottom`) to `top` (at `bottom - height`). */
export function pointY(value: number, top: number, bottom: number, height: number): number {
  return bottom - (value / top) * height;
}

/** The index of the point nearest to `x`, for the tooltip. */
export function nearestIndex(x: number, count: number, left: number, width: number): number {
  if (count <= 1) return 0;
  const index = Math.round(((x - left) * (count - 1)) / width);
  return Math.min(count - 1, Math.max(0, index));
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Axis labels for x values: 'YYYY-MM-DD' days of one year lose the year ('11-01'); the rest show as given. */
export function xLabels(values: readonly unknown[]): string[] {
  const texts = values.map((value) => String(value ?? ''));
  const oneYear = texts.length > 0 && texts.every((text) => ISO_DAY.test(text) && text.slice(0, 4) === texts[0].slice(0, 4));
  return oneYear ? texts.map((text) => text.slice(5)) : texts;
}
