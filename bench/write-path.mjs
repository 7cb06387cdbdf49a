/**
 * Write path through the production API, as the dashboard sends it (the client's mutation with its
 * ActionPayload selection: wallet, liabilities and the fresh analysis): 'Save Paid Info' with 20
 * rows, all paid and cleared (each one settled: the heaviest save), and 'Deposit Pay' with 3 pay
 * dates. One request at a time, each on a different user, after a few unmeasured warm-up calls.
 */
import http from 'node:http';
import { depositFixtures, paidInfoFixtures } from './fixtures.mjs';
import { summarize } from './lib/stats.mjs';
import { ACTION_FRAGMENTS, postJson } from './load.mjs';

const ACTION = 'wallet { ...WalletRow } liabilities { ...LiabilityRow } analysis { ...AnalysisView }';
const SAVE_PAID_INFO = `mutation SavePaidInfo($walletId: ID!, $changes: [PaidInfoInput!]!, $timeZone: String) {
  savePaidInfo(walletId: $walletId, changes: $changes, timeZone: $timeZone) { ${ACTION} }
}
${ACTION_FRAGMENTS}`;
const DEPOSIT_PAY = `mutation DepositPay($walletId: ID!, $occurrences: [IncomeOccurrenceInput!]!, $timeZone: String) {
  depositPay(walletId: $walletId, occurrences: $occurrences, timeZone: $timeZone) { ${ACTION} }
}
${ACTION_FRAGMENTS}`;

async function timed(api, sign, calls, warmup) {
  const latencies = [];
  const errors = [];
  // A keep-alive connection, like a browser's; new for this run, so no socket has gone stale.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const [i, call] of calls.entries()) {
      const request = {
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sign(call.userId)}` },
        body: JSON.stringify({ query: call.query, variables: call.variables }),
      };
      const started = performance.now();
      const { status, json } = await postJson(api.url, request, agent);
      const ms = performance.now() - started;
      if (status !== 200 || json.errors) errors.push(json.errors?.[0]?.message ?? `HTTP ${status}`);
      else if (i >= warmup) latencies.push(ms);
    }
  } finally {
    agent.destroy();
  }
  return { latency: summarize(latencies), errors: errors.length, firstError: errors[0] ?? null };
}

export async function writePath({ api, databaseUrl, sign, count = 150, warmup = 10, fromId }) {
  const paid = await paidInfoFixtures(databaseUrl, { count: count + warmup, fromId });
  const deposits = await depositFixtures(databaseUrl, { count: count + warmup, fromId });
  const savePaidInfo = await timed(
    api,
    sign,
    paid.map((fixture) => ({
      userId: fixture.userId,
      query: SAVE_PAID_INFO,
      variables: { walletId: fixture.walletId, changes: fixture.changes, timeZone: fixture.timeZone },
    })),
    warmup,
  );
  const depositPay = await timed(
    api,
    sign,
    deposits.map((fixture) => ({
      userId: fixture.userId,
      query: DEPOSIT_PAY,
      variables: { walletId: fixture.walletId, occurrences: fixture.occurrences, timeZone: fixture.timeZone },
    })),
    warmup,
  );
  return { savePaidInfo, depositPay };
}
