import { todayInZone } from '@truenet/core';
import { browserTimeZone, clockTime, displayDateTime, todayIn } from './dates';

describe('browserTimeZone', () => {
  afterEach(() => {
    delete (globalThis as { Temporal?: unknown }).Temporal;
  });

  it("is the zone Intl resolves, and Temporal's where the browser has it", () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    (globalThis as { Temporal?: unknown }).Temporal = { Now: { timeZoneId: () => 'Pacific/Auckland' } };
    expect(browserTimeZone()).toBe('Pacific/Auckland');
  });
});

describe('todayIn', () => {
  it("gives the browser's own zone's date as core does, at every hour of two days", () => {
    const zone = browserTimeZone();
    for (let hour = 0; hour < 48; hour += 1) {
      const now = new Date(Date.UTC(2026, 2, 28, hour, 30));
      expect(todayIn(zone, now)).toBe(todayInZone(now, zone));
    }
  });

  it('gives another zone its own date', () => {
    const now = new Date('2026-01-05T03:00:00Z');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-01-04');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-01-05');
  });
});

describe('clockTime', () => {
  it('writes the hour and minute as en-US does', () => {
    expect([clockTime(0, 0), clockTime(9, 5), clockTime(12, 30), clockTime(23, 59)]).toEqual([
      '12:00 AM',
      '9:05 AM',
      '12:30 PM',
      '11:59 PM',
    ]);
  });
});

describe('displayDateTime', () => {
  it("writes an instant in the browser's local time: the date, then the time", () => {
    const instant = new Date(2026, 0, 5, 15, 7).toISOString();
    expect(displayDateTime(instant)).toBe('Mon Jan 5, 2026 3:07 PM');
    expect(displayDateTime(null)).toBe('');
  });
});
