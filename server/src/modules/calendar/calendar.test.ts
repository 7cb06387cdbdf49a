import ICAL from 'ical.js';
import { queryRows } from '../../db/sql';
import { buildDebtor, buildIncomeSource, buildLiability, buildWallet } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { MAX_CALENDAR_FEEDS } from './calendar-feeds.service';

/**
 * The calendar feed (docs/product-rules.md §9), read back with an independent parser (ical.js): every event's
 * UID, all-day date and summary; amounts optional; ETag/304; 404 once revoked; the URL grants
 * nothing else; fetches are rate limited; another user's feed ids are NOT_FOUND.
 */

// Sun Nov 22 2026, 15:00 UTC (10:00 in New York).
const clock = { now: () => new Date('2026-11-22T15:00:00Z') };
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock, env: { APP_URL: 'https://app.truenet.test', TRUST_PROXY: 'loopback' } });
});
afterAll(() => t.close());

const CREATE = `mutation($includeAmounts: Boolean) { createCalendarFeed(includeAmounts: $includeAmounts) { id url createdAt } }`;
const LIST = `{ calendarFeeds { id createdAt lastUsedAt includeAmounts } }`;

async function account() {
  const built = await buildDebtor(t.deps.dataSource, t.deps.config, { subscriptionStatus: 'canceled' });
  const mortgage = await buildLiability(t.deps.dataSource, built.debtor.id, {
    creditorName: 'Mortgage',
    anchorDate: '2026-09-24',
    dueDate: '2026-11-24',
    paymentCents: 140_000,
  });
  const phone = await buildLiability(t.deps.dataSource, built.debtor.id, {
    creditorName: 'Phone, Mobile',
    frequency: 'QUARTERLY',
    dueDate: '2026-12-05',
    paymentCents: 15_000,
  });
  const payroll = await buildIncomeSource(t.deps.dataSource, built.debtor.id, {
    sourceName: 'Acme Payroll',
    frequency: 'BIWEEKLY',
    nextPmtDate: '2026-11-18',
    paymentCents: 200_000,
  });
  await buildIncomeSource(t.deps.dataSource, built.debtor.id, { sourceName: 'Old Job', active: false });
  return { ...built, token: built.accessToken, mortgage, phone, payroll };
}

async function createFeed(token: string, includeAmounts?: boolean) {
  const response = await t.gql<{ createCalendarFeed: { id: string; url: string; createdAt: string } }>(
    CREATE,
    includeAmounts === undefined ? {} : { includeAmounts },
    { token },
  );
  if (response.errors) throw new Error(JSON.stringify(response.errors));
  return response.data!.createCalendarFeed;
}

const local = (url: string) => url.replace('https://app.truenet.test', t.url);
const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  fetch(local(url), {
    headers: {
      'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...headers,
    },
  });

interface ParsedEvent {
  uid: string;
  date: string;
  allDay: boolean;
  summary: string;
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      date: event.startDate.toString(),
      allDay: event.startDate.isDate,
      summary: event.summary,
    };
  });
  return { calendar, events };
}

describe('calendar feed', () => {
  it('serves RFC 5545 all-day events with stable UIDs for every bill occurrence and pay date in the window', async () => {
    const { token, mortgage, phone, payroll } = await account();
    const feed = await createFeed(token);
    expect(feed.url).toMatch(/^https:\/\/app\.truenet\.test\/calendar\/cal_[A-Za-z0-9_-]{43}\.ics$/);
    const response = await fetchFeed(feed.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:/);

    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('TrueNet bills and paydays');
    expect(events.every((event) => event.allDay)).toBe(true);

    // Mortgage monthly from Oct 24 (settled: its due date moved on) to Oct 24 2027.
    const expected: ParsedEvent[] = [];
    const monthly = [
      '2026-10-24',
      '2026-11-24',
      '2026-12-24',
      ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'].map((m) => `2027-${m}-24`),
    ];
    for (const date of monthly) {
      expected.push({
        uid: `bill-${mortgage.id}-${date.replace(/-/g, '')}@truenet`,
        date,
        allDay: true,
        summary: `Mortgage ${date === '2026-10-24' ? 'paid' : 'due'} $1,400.00`,
      });
    }
    for (const date of ['2026-12-05', '2027-03-05', '2027-06-05', '2027-09-05']) {
      expected.push({
        uid: `bill-${phone.id}-${date.replace(/-/g, '')}@truenet`,
        date,
        allDay: true,
        summary: 'Phone, Mobile due $150.00',
      });
    }
    // Bi-weekly from Nov 4 2026 (within 30 days back) through Nov 17 2027 (within 12 months).
    const start = Date.UTC(2026, 10, 4);
    for (let day = start; day <= Date.UTC(2027, 10, 22); day += 14 * 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      expected.push({
        uid: `pay-${payroll.id}-${date.replace(/-/g, '')}@truenet`,
        date,
        allDay: true,
        summary: 'Payday: Acme Payroll $2,000.00',
      });
    }
    const byUid = (a: ParsedEvent, b: ParsedEvent) => a.uid.localeCompare(b.uid);
    expect([...events].sort(byUid)).toEqual(expected.sort(byUid));
  });

  it('marks bills settled through the payment history paid at the amount paid, and leaves skipped ones out', async () => {
    const { debtor, accessToken: token } = await buildDebtor(t.deps.dataSource, t.deps.config);
    const wallet = await buildWallet(t.deps.dataSource, debtor.id, { balanceCents: 500_000 });
    const power = await buildLiability(t.deps.dataSource, debtor.id, {
      creditorName: 'Power',
      dueDate: '2026-11-20',
      paymentCents: 9_000,
    });
    const gym = await buildLiability(t.deps.dataSource, debtor.id, {
      creditorName: 'Gym',
      dueDate: '2026-11-21',
    });
    const settled = await t.gql(
      `mutation($w: ID!, $l: ID!) { savePaidInfo(walletId: $w, timeZone: "America/New_York", changes: [{ liabilityId: $l, paid: true, cleared: true, amount: 87.5 }]) { wallet { id } } }`,
      { w: String(wallet.id), l: String(power.id) },
      { token },
    );
    expect(settled.errors).toBeUndefined();
    const skipped = await t.gql(
      `mutation($l: ID!) { skipLiabilityOccurrence(liabilityId: $l, dueDate: "2026-11-21", timeZone: "America/New_York") { __typename } }`,
      { l: String(gym.id) },
      { token },
    );
    expect(skipped.errors).toBeUndefined();
    const { events } = parse(await (await fetchFeed((await createFeed(token)).url)).text());
    expect(events.find((event) => event.uid === `bill-${power.id}-20261120@truenet`)?.summary).toBe(
      'Power paid $87.50',
    );
    expect(events.find((event) => event.uid === `bill-${power.id}-20261220@truenet`)?.summary).toBe(
      'Power due $90.00',
    );
    expect(events.some((event) => event.uid === `bill-${gym.id}-20261121@truenet`)).toBe(false);
    expect(events.some((event) => event.uid === `bill-${gym.id}-20261221@truenet`)).toBe(true);
  });

  it('keeps the UIDs when fetched again and leaves the amounts out when made without them', async () => {
    const { token } = await account();
    const withAmounts = parse(await (await fetchFeed((await createFeed(token)).url)).text()).events;
    const bare = parse(await (await fetchFeed((await createFeed(token, false)).url)).text()).events;
    expect(bare.map((event) => event.uid)).toEqual(withAmounts.map((event) => event.uid));
    expect(bare.every((event) => !/\$/.test(event.summary))).toBe(true);
    expect(new Set(bare.map((event) => event.summary))).toEqual(
      new Set(['Mortgage paid', 'Mortgage due', 'Phone, Mobile due', 'Payday: Acme Payroll']),
    );
  });

  it('answers 304 to a matching If-None-Match, and a new ETag when the data changes', async () => {
    const { debtor, token } = await account();
    const feed = await createFeed(token);
    const first = await fetchFeed(feed.url);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetchFeed(feed.url, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await buildLiability(t.deps.dataSource, debtor.id, { creditorName: 'Gym', dueDate: '2026-12-01' });
    const changed = await fetchFeed(feed.url, { 'if-none-match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('lists feeds with their last use; a revoked or unknown secret answers 404', async () => {
    const { token } = await account();
    const feed = await createFeed(token, false);
    const listed = await t.gql<{ calendarFeeds: unknown[] }>(LIST, {}, { token });
    expect(listed.data?.calendarFeeds).toEqual([
      { id: feed.id, createdAt: feed.createdAt, lastUsedAt: null, includeAmounts: false },
    ]);
    await fetchFeed(feed.url);
    const used = await t.gql<{ calendarFeeds: { lastUsedAt: string | null }[] }>(LIST, {}, { token });
    expect(used.data?.calendarFeeds[0]?.lastUsedAt).toEqual(expect.any(String));
    // The secret is stored only as a hash.
    const secret = feed.url.split('/').pop()!.replace('.ics', '');
    const stored = await queryRows<{ secret_hash: string }>(
      t.deps.dataSource,
      'SELECT secret_hash FROM calendar_feed WHERE id = $1',
      [feed.id],
    );
    expect(stored[0]?.secret_hash).not.toContain(secret);

    expect(
      (await t.gql('mutation($id: ID!) { revokeCalendarFeed(id: $id) }', { id: feed.id }, { token })).data,
    ).toEqual({ revokeCalendarFeed: true });
    expect((await fetchFeed(feed.url)).status).toBe(404);
    expect((await fetchFeed(feed.url.replace(/.{6}\.ics$/, 'AAAAAA.ics'))).status).toBe(404);
    expect((await fetchFeed(`${t.url}/calendar/nothing.ics`)).status).toBe(404);
    expect((await t.gql<{ calendarFeeds: unknown[] }>(LIST, {}, { token })).data?.calendarFeeds).toEqual([]);
  });

  it(`allows at most ${MAX_CALENDAR_FEEDS} feeds an account`, async () => {
    const { token } = await account();
    await Promise.all(Array.from({ length: MAX_CALENDAR_FEEDS }, () => createFeed(token)));
    const sixth = await t.gql(CREATE, {}, { token });
    expect(sixth.errors?.[0]).toMatchObject({
      message: 'You can have at most 5 calendar feeds. Revoke one first.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await t.gql<{ calendarFeeds: unknown[] }>(LIST, {}, { token })).data?.calendarFeeds).toHaveLength(
      5,
    );
  });

  it("grants nothing else: not a bearer credential; another user's feed id is NOT_FOUND and stays live", async () => {
    const a = await account();
    const b = await account();
    const feed = await createFeed(a.token);
    const secret = feed.url.split('/').pop()!.replace('.ics', '');
    const asBearer = await t.gql('{ me { id } wallets { id } }', {}, { token: secret });
    expect(asBearer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const other = await t.gql(
      'mutation($id: ID!) { revokeCalendarFeed(id: $id) }',
      { id: feed.id },
      { token: b.token },
    );
    expect(other.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const missing = await t.gql(
      'mutation($id: ID!) { revokeCalendarFeed(id: $id) }',
      { id: '00000000-0000-4000-8000-000000000000' },
      { token: b.token },
    );
    expect(missing.errors?.[0]?.message).toBe(other.errors?.[0]?.message);
    expect(
      (await t.gql<{ calendarFeeds: unknown[] }>(LIST, {}, { token: b.token })).data?.calendarFeeds,
    ).toEqual([]);
    expect((await fetchFeed(feed.url)).status).toBe(200);
  });

  it('rate limits fetches of one feed', async () => {
    const { token } = await account();
    const feed = await createFeed(token);
    const statuses: number[] = [];
    for (let i = 0; i < 62; i += 1) statuses.push((await fetchFeed(feed.url)).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    const limited = await fetchFeed(feed.url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
