import { balanceRange, balanceTicks, dayAt, dayStep } from './chartScale';

describe('the forecast chart’s scales', () => {
  it('keeps zero in view, with room under a negative low point', () => {
    expect(balanceRange([1000, 2000])).toEqual([0, 2240]);
    expect(balanceRange([-500, 1500])).toEqual([-860, 1740]);
    expect(balanceRange([0, 0])).toEqual([0, 50]);
  });

  it('puts round ticks across the range', () => {
    expect(balanceTicks(0, 2240, 5)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(balanceTicks(-860, 1740, 6)).toEqual([-500, 0, 500, 1000, 1500]);
    expect(balanceTicks(0, 50, 4)).toEqual([0, 20, 40]);
  });

  it('spaces date labels a day, a week, two or four weeks apart', () => {
    expect(dayStep(60, 56)).toBe(1);
    expect(dayStep(10, 56)).toBe(7);
    expect(dayStep(3, 56)).toBe(28);
    expect(dayStep(1, 56)).toBe(28);
  });

  it('finds the day under a position, within the days drawn', () => {
    expect(dayAt(56 + 2 * 10 + 4, 56, 10, 30)).toBe(2);
    expect(dayAt(0, 56, 10, 30)).toBe(0);
    expect(dayAt(5000, 56, 10, 30)).toBe(29);
  });
});
