import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';

/**
 * The offline stand-in for SimpleFIN Bridge (outside production only): a local bridge with a demo
 * bank, so that `npm start` on a fresh clone can show a bank connection working end to end with
 * no account anywhere. It speaks the protocol's parts TrueNet uses: a setup token whose claim URL
 * answers an access URL once, and GET <access>/accounts with start-date, pending and balances-only.
 * Its checking account carries a payroll and a mortgage payment that match the demo account's pay
 * and bill (npm run seed:demo), a pending charge, and 60 days of everyday spending.
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

/** The demo checking account's last 60 days, oldest first, and one charge still pending. */
export function demoCheckingTransactions(nowSeconds: number): DemoTransaction[] {
  const rows: DemoTransaction[] = [];
  const add = (offset: number, cents: number, description: string, suffix = '') => {
    const posted = noonOf(nowSeconds, offset);
    rows.push({ id: dayId(`chk${suffix}`, posted), posted, amount: (cents / 100).toFixed(2), description });
  };
  for (let offset = -59; offset <= -1; offset += 1) {
    if ((offset + 4) % 14 === 0) add(offset, 200_000, 'ACME PAYROLL DIRECT DEP', '-pay');
    if (offset % 3 === 0) add(offset, -(450 + ((offset * -37) % 900)), 'BLUE BOTTLE COFFEE', '-coffee');
    if ((offset + 2) % 7 === 0)
      add(offset, -(6_420 + ((offset * -13) % 2_000)), 'TRADER JOES #552', '-groceries');
  }
  // The mortgage: a month ago, and yesterday (its current occurrence is due in 2 days in the demo).
  add(-31, -140_000, 'ROCKET MORTGAGE PAYMENT', '-mortgage');
  add(-1, -140_000, 'ROCKET MORTGAGE PAYMENT', '-mortgage');
  add(-6, -15_000, 'VERIZON WIRELESS', '-phone');
  rows.push({
    id: dayId('chk-pending', noonOf(nowSeconds, 0)),
    posted: 0,
    amount: '-12.00',
    description: 'CITY PARKING (pending)',
    pending: true,
  });
  return rows.sort((a, b) => (a.posted || Infinity) - (b.posted || Infinity));
}

function demoAnswer(nowSeconds: number, query: Request['query']) {
  const start = Number(query['start-date'] ?? 0);
  const balancesOnly = query['balances-only'] === '1';
  const withPending = query.pending === '1';
  const checking = demoCheckingTransactions(nowSeconds).filter((row) =>
    row.pending ? withPending : row.posted >= start,
  );
  const savings: DemoTransaction[] = [
    {
      id: dayId('sav-interest', noonOf(nowSeconds, -25)),
      posted: noonOf(nowSeconds, -25),
      amount: '3.12',
      description: 'INTEREST PAID',
    },
  ].filter((row) => row.posted >= start);
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
