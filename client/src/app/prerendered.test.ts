import { formatDisplayDate } from '@truenet/core';
import { localDisplayDate } from './prerendered';

describe('localDisplayDate', () => {
  it("writes a day as core's formatDisplayDate does, for every weekday and month", () => {
    for (let offset = 0; offset < 400; offset += 1) {
      const day = new Date(2026, 0, 1 + offset, 12);
      const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
      expect(localDisplayDate(day)).toBe(formatDisplayDate(iso));
    }
  });
});
