import { labelIndices, nearestIndex, niceTicks, pointX, pointY, xLabels } from './trendScale';

describe('niceTicks', () => {
  it.each([
    [5600, [0, 2000, 4000, 6000]],
    [10200, [0, 2500, 5000, 7500, 10000, 12500]],
    [100, [0, 20, 40, 60, 80, 100]],
    [120, [0, 25, 50, 75, 100, 125]],
    [40, [0, 10, 20, 30, 40]],
    [7, [0, 2, 4, 6, 8]],
    [0.9, [0, 0.2, 0.4, 0.6, 0.8, 1]],
  ])('covers %p with 4-6 round ticks from 0', (max, ticks) => {
    expect(niceTicks(max)).toEqual(ticks);
  });

  it('always gives 4 to 6 ticks, the last at or above the max, in round steps', () => {
    for (let max = 0.013; max < 2e6; max *= 1.37) {
      const ticks = niceTicks(max);
      expect(ticks.length).toBeGreaterThanOrEqual(4);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks[0]).toBe(0);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      const step = ticks[1];
      const mantissa = step / 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 2.5, 5]).toContainEqual(Number(mantissa.toPrecision(6)));
      ticks.forEach((tick, i) => expect(tick).toBeCloseTo(i * step, 10));
    }
  });

  it('steps counts by whole numbers', () => {
    expect(niceTicks(12, true)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(3, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(1, true)).toEqual([0, 1]);
    expect(niceTicks(12)).toEqual([0, 2.5, 5, 7.5, 10, 12.5]);
  });

  it('scales all-zero data from 0 to 1', () => {
    expect(niceTicks(0, true)).toEqual([0, 1]);
    expect(niceTicks(0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});

describe('labelIndices', () => {
  it('shows every label when they fit', () => {
    expect(labelIndices(5, 400, 50)).toEqual([0, 1, 2, 3, 4]);
  });

  it('thins labels to every k-th so that they never overlap', () => {
    // 30 days on 540 px: gaps of about 18.6 px, labels 50 px wide -> every 3rd.
    const shown = labelIndices(30, 540, 50);
    expect(shown).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
    const gap = 540 / 29;
    for (let i = 1; i < shown.length; i += 1) expect((shown[i] - shown[i - 1]) * gap).toBeGreaterThanOrEqual(50);
  });

  it('handles one point and none', () => {
    expect(labelIndices(1, 400, 50)).toEqual([0]);
    expect(labelIndices(0, 400, 50)).toEqual([]);
  });
});

describe('point coordinates', () => {
  it('spreads points over the plot, one point in the middle', () => {
    expect([0, 1, 2].map((i) => pointX(i, 3, 40, 200))).toEqual([40, 140, 240]);
    expect(pointX(0, 1, 40, 200)).toBe(140);
  });

  it('puts 0 at the bottom and the top tick at the top', () => {
    expect(pointY(0, 100, 250, 200)).toBe(250);
    expect(pointY(100, 100, 250, 200)).toBe(50);
    expect(pointY(25, 100, 250, 200)).toBe(200);
  });

  it('finds the nearest point to an x, clamped to the data', () => {
    expect(nearestIndex(40, 3, 40, 200)).toBe(0);
    expect(nearestIndex(95, 3, 40, 200)).toBe(1);
    expect(nearestIndex(300, 3, 40, 200)).toBe(2);
    expect(nearestIndex(-50, 3, 40, 200)).toBe(0);
    expect(nearestIndex(123, 1, 40, 200)).toBe(0);
  });
});

describe('xLabels', () => {
  it('drops the year of days in one year', () => {
    expect(xLabels(['2026-11-01', '2026-11-02'])).toEqual(['11-01', '11-02']);
  });

  it('keeps days across years, and other values, as given', () => {
    expect(xLabels(['2025-12-31', '2026-01-01'])).toEqual(['2025-12-31', '2026-01-01']);
    expect(xLabels(['05-01', 3, null])).toEqual(['05-01', '3', '']);
  });
});
