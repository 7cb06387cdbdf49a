import { plainMessage, readSimplefinAnswer, SimplefinAnswerError } from './index';

// 2026-11-20 15:00 UTC and 2026-11-21 03:30 UTC (still Nov 20 in New York).
const NOV20 = 1795186800;
const NOV20_LATE_NY = 1795231800;

const answer = {
  errors: ['Connection to <b>Chase</b> may need attention'],
  errlist: [{ code: 'gen.auth', msg: 'Re-authenticate\nat the bank' }, 'plain'],
  accounts: [
    {
      org: { domain: 'chase.com', name: 'Chase' },
      id: 'ACT-1',
      name: 'Checking',
      currency: 'USD',
      balance: '1500.5',
      'available-balance': '1400.00',
      'balance-date': NOV20,
      transactions: [
        { id: 'T1', posted: NOV20, amount: '-12.34', description: 'COFFEE' },
        { id: 'T2', posted: NOV20_LATE_NY, amount: '2000.00', description: '', payee: 'ACME PAYROLL' },
        { id: 'T3', posted: 0, amount: '-5.00', description: 'PENDING GAS', pending: true },
        { id: 'T4', posted: String(NOV20), transacted_at: NOV20, amount: '-1.005', memo: 'ROUNDING' },
        { id: 'T5', posted: NOV20, amount: 'n/a', description: 'BROKEN' },
        { id: 'T6', amount: '-3.00', transacted_at: NOV20, description: 'NOT POSTED YET' },
      ],
    },
    { id: 'ACT-2', org: {}, transactions: 'none', balance: null },
    { id: '', name: 'no id' },
    'not an account',
  ],
};

describe('SimpleFIN answers', () => {
  it('read posted and pending rows in the person’s zone, with the bank’s ids and decimal strings', () => {
    const read = readSimplefinAnswer(answer, 'America/New_York', '2026-11-21');
    const [checking, other] = read.accounts;
    expect(checking).toMatchObject({
      id: 'ACT-1',
      org: 'Chase',
      name: 'Checking',
      currency: 'USD',
      balanceCents: 150_050,
      balanceDate: '2026-11-20T15:00:00.000Z',
      lastPostedEpoch: NOV20_LATE_NY,
    });
    expect(checking?.posted.map((row) => [row.bankId, row.date, row.amountCents, row.description])).toEqual([
      ['T1', '2026-11-20', -1234, 'COFFEE'],
      ['T2', '2026-11-20', 200_000, 'ACME PAYROLL'],
      ['T4', '2026-11-20', -101, 'ROUNDING'],
    ]);
    expect(checking?.pending.map((row) => [row.bankId, row.date])).toEqual([
      ['T3', '2026-11-21'],
      ['T6', '2026-11-20'],
    ]);
    expect(other).toMatchObject({
      org: 'Bank',
      name: 'Account',
      currency: 'USD',
      balanceCents: null,
      posted: [],
    });
    expect(read.accounts).toHaveLength(2);
  });

  it('keeps every message of v1 and v2 as plain text', () => {
    expect(readSimplefinAnswer(answer, 'UTC', '2026-11-21').messages).toEqual([
      'Connection to Chase may need attention',
      'Re-authenticate at the bank',
      'plain',
    ]);
    expect(plainMessage('x'.repeat(300))).toHaveLength(200);
    expect(plainMessage(null)).toBe('');
  });

  it('refuses what is not an answer', () => {
    expect(() => readSimplefinAnswer({ nothing: true }, 'UTC', '2026-11-21')).toThrow(SimplefinAnswerError);
    expect(() => readSimplefinAnswer('text', 'UTC', '2026-11-21')).toThrow(SimplefinAnswerError);
    expect(readSimplefinAnswer({ accounts: [] }, 'UTC', '2026-11-21')).toEqual({
      accounts: [],
      messages: [],
    });
  });
});
