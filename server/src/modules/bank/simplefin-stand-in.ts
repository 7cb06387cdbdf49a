import { randomBytes, timingSafeEqual } from 'node:crypto';
import { addDays, addMonthsClamped } from '@truenet/core';
import { Router, type Request } from 'express';

/**
 * The offline stand-in for SimpleFIN Bridge (outside production only): a local bridge with a demo
 * bank, so that `npm start` on a fresh clone can show a bank connection working end to end with
 * no account anywhere. It speaks the protocol's parts TrueNet uses: a setup token whose claim URL
 * answers an access URL once, and GET <access>/accounts with start-date, pending and balances-only.
 * Its checking account carries 13 months of history (demoCheckingTransactions) and a pending charge.
 */
export const STAND_IN_PATH = '/dev/simplefin';

const DAY = 86_400;

interface DemoTransaction {
  id: string;
  posted: number;
  amount: string;
  description: string;
  pending?: boolean;
}

/** Noon UTC of the day `offset` days from today: a posted instant that is the same date in US zones. */
function noonOf(nowSeconds: number, offset: number): number {
  return Math.floor(nowSeconds / DAY) * DAY + 12 * 3600 + offset * DAY;
}

function dayId(prefix: string, epoch: number): string {
  return `${prefix}-${new Date(epoch * 1000).toISOString().slice(0, 10)}`;
}

/** Noon UTC of a calendar date. */
function noonOfDate(date: string): number {
  return Date.parse(`${date}T12:00:00Z`) / 1000;
}

/**
 * The demo checking account's last 13 months, oldest first, and one charge still pending: enough
 * history for Found in your bank to show a newcomer what it finds. Pay every other Friday and a
 * mortgage and phone bill that match `npm run seed:demo`'s; Netflix, whose price went up two months
 * ago; Spotify; a utility whose amount varies; a yearly Amazon Prime and twice-yearly insurance; a
 * gym cancelled in the spring; and everyday spending (coffee, groceries) that is no bill at all.
 */
export function demoCheckingTransactions(nowSeconds: number): DemoTransaction[] {
  const rows: DemoTransaction[] = [];
  const today = new Date(noonOf(nowSeconds, 0) * 1000).toISOString().slice(0, 10);
  const add = (posted: number, cents: number, description: string, suffix: string) => {
    rows.push({ id: dayId(`chk-${suffix}`, posted), posted, amount: (cents / 100).toFixed(2), description });
  };
  const daily = (offset: number, cents: number, description: string, suffix: string) =>
    add(noonOf(nowSeconds, offset), cents, description, suffix);
  /** The same day each month, `daysBack` days before today's in this month, `months` months back. */
  const monthly = (months: number, daysBack: number) =>
    noonOfDate(addMonthsClamped(addDays(today, -daysBack), -months));
  for (let offset = -395; offset <= -1; offset += 1) {
    if ((offset + 4) % 14 === 0) daily(offset, 200_000, 'ACME PAYROLL DIRECT DEP', 'pay');
    if (offset % 3 === 0) daily(offset, -(450 + ((offset * -37) % 900)), 'BLUE BOTTLE COFFEE', 'coffee');
    if ((offset * -7 + 3) % 10 < 3)
      daily(offset, -(3_420 + ((offset * -13) % 5_000)), 'TRADER JOES #552', 'groceries');
  }
  for (let month = 0; month <= 12; month += 1) {
    // The mortgage: yesterday, and the same day each month before (its current occurrence is due in
    // 2 days in the demo).
    add(monthly(month, 1), -140_000, 'ROCKET MORTGAGE PAYMENT', 'mortgage');
    add(monthly(month, 6), -15_000, 'VERIZON WIRELESS', 'phone');
    add(
      monthly(month, 22),
      month < 2 ? -2_299 : -2_100,
      `POS DEBIT CARD 4411 NETFLIX.COM 866-579-7172`,
      'netflix',
    );
    add(monthly(month, 12), -1_099, 'PAYPAL *SPOTIFY P2C8F1', 'spotify');
    add(monthly(month, 15), -(8_150 + ((month * 2_917) % 4_100)), 'CON EDISON WEB PMT', 'utility');
    if (month >= 5) add(monthly(month, 3), -2_499, 'PLANET FITNESS #0411', 'gym');
  }
  add(monthly(0, 20), -13_900, 'AMAZON PRIME*2K4LL0', 'prime');
  add(monthly(12, 18), -13_900, 'AMAZON PRIME*7YH2Q9', 'prime');
  add(monthly(1, 40), -61_200, 'STATE FARM INSURANCE', 'insurance');
  add(monthly(7, 40), -61_200, 'STATE FARM INSURANCE', 'insurance');
  rows.push({
    id: dayId('chk-pending', noonOf(nowSeconds, 0)),
    posted: 0,
    amount: '-12.00',
    description: 'CITY PARKING (pending)',
    pending: true,
  });
  return rows
    .filter((row) => row.posted === 0 || row.posted < noonOf(nowSeconds, 0))
    .sort((a, b) => (a.posted || Infinity) - (b.posted || Infinity));
}

function demoAnswer(nowSeconds: number, query: Request['query']) {
  const start = Number(query['start-date'] ?? 0);
  const balancesOnly = query['balances-only'] === '1';
  const withPending = query.pending === '1';
  const end = query['end-date'] === undefined ? Infinity : Number(query['end-date']);
  // As the bridge does: only what was posted inside the window asked for, pending with the current one.
  const checking = demoCheckingTransactions(nowSeconds).filter((row) =>
    row.pending ? withPending && end === Infinity : row.posted >= start && row.posted < end,
  );
  const savings: DemoTransaction[] = [
    {
      id: dayId('sav-interest', noonOf(nowSeconds, -25)),
      posted: noonOf(nowSeconds, -25),
      amount: '3.12',
      description: 'INTEREST PAID',
    },
  ].filter((row) => row.posted >= start && row.posted < end);
  const org = {
    domain: 'demo-bank.example',
    name: 'Demo Bank',
    'sfin-url': 'https://demo-bank.example/simplefin',
  };
  return {
    errors: [],
    accounts: [
      {
        org,
        id: 'demo-checking',
        name: 'Everyday Checking',
        currency: 'USD',
        balance: '2743.18',
        'available-balance': '2731.18',
        'balance-date': nowSeconds,
        transactions: balancesOnly ? [] : checking,
      },
      {
        org,
        id: 'demo-savings',
        name: 'Rainy Day Savings',
        currency: 'USD',
        balance: '5120.40',
        'balance-date': nowSeconds,
        transactions: balancesOnly ? [] : savings,
      },
    ],
  };
}

/**
 * The stand-in's routes. Each setup token is claimed once (a second claim is 403, as the bridge
 * answers); the access URL's password is made at start-up and checked in constant time.
 */
export function simplefinStandIn(clock: { now(): Date }): Router {
  const router = Router();
  const password = randomBytes(18).toString('base64url');
  const unclaimed = new Set<string>();

  router.get(`${STAND_IN_PATH}/setup-token`, (req, res) => {
    const nonce = randomBytes(12).toString('base64url');
    unclaimed.add(nonce);
    const port = req.socket.localPort;
    const claimUrl = `http://127.0.0.1:${port}${STAND_IN_PATH}/claim/${nonce}`;
    res.json({ setupToken: Buffer.from(claimUrl).toString('base64') });
  });

  router.post(`${STAND_IN_PATH}/claim/:nonce`, (req, res) => {
    if (!unclaimed.delete(String(req.params.nonce))) {
      res.status(403).type('text').send('Forbidden');
      return;
    }
    const port = req.socket.localPort;
    res.type('text').send(`http://demo:${password}@127.0.0.1:${port}${STAND_IN_PATH}/bridge`);
  });

  router.get(`${STAND_IN_PATH}/bridge/accounts`, (req, res) => {
    const expected = Buffer.from(`Basic ${Buffer.from(`demo:${password}`).toString('base64')}`);
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(403).type('text').send('Forbidden');
      return;
    }
    res.json(demoAnswer(Math.floor(clock.now().getTime() / 1000), req.query));
  });

  return router;
}
