import { payThatArrived } from './pay-that-arrived';

describe('the pay that arrived', () => {
  const biweekly = {
    frequency: 'BIWEEKLY',
    lastDate: '2026-11-06',
    nextDate: '2026-11-20',
    secondDate: null,
  };

  it('is the schedule pay date before the next one when the bank paid it then', () => {
    expect(payThatArrived(biweekly, '2026-11-16')).toBe('2026-11-06');
  });

  it('takes a payment moved off a weekend as that pay', () => {
    // Paid on the 15th and the last day; Sun Nov 15 was paid on Fri Nov 13.
    const twiceMonthly = {
      frequency: 'TWICE_MONTHLY',
      lastDate: '2026-11-13',
      nextDate: '2026-11-30',
      secondDate: '2026-12-15',
    };
    expect(payThatArrived(twiceMonthly, '2026-11-16')).toBe('2026-11-15');
  });

  it('is none when the latest payment is another pay, or the pay date is still ahead', () => {
    expect(payThatArrived({ ...biweekly, lastDate: '2026-10-23' }, '2026-11-16')).toBeNull();
    expect(payThatArrived(biweekly, '2026-11-05')).toBeNull();
  });

  it('is none for a cadence no pay source takes', () => {
    expect(payThatArrived({ ...biweekly, frequency: 'QUARTERLY' }, '2026-11-16')).toBeNull();
  });
});
