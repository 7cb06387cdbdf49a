/**
 * Inputs for the write path, read from the generated data: 'Save Paid Info' with 20 rows (each
 * paid and cleared on its current due date, so every row is settled: the heaviest save), and
 * 'Deposit Pay' with 3 past, not yet deposited pay dates (computed with core's own schedules).
 */
import { withClient } from './lib/db.mjs';
import { core } from './lib/paths.mjs';

/** `count` users (ids from `fromId`) with at least 20 liabilities, and 20 settle-changes each. */
export async function paidInfoFixtures(databaseUrl, { count, fromId, rows = 20 }) {
  return withClient(databaseUrl, async (client) => {
    const { rows: found } = await client.query(
      `SELECT d.id, d.time_zone, w.id AS wallet_id,
              (array_agg(l.id ORDER BY l.id))[1:$3] AS liability_ids,
              (array_agg(l.due_date::text ORDER BY l.id))[1:$3] AS due_dates
         FROM debtor d
         JOIN wallet w ON w.household_id = d.current_household_id AND w.is_default
         JOIN liability l ON l.household_id = d.current_household_id
        WHERE d.id >= $1
        GROUP BY d.id, w.id
       HAVING count(*) >= $3
        ORDER BY d.id
        LIMIT $2`,
      [fromId, count, rows],
    );
    return found.map((user) => ({
      userId: user.id,
      walletId: String(user.wallet_id),
      timeZone: user.time_zone,
      changes: user.liability_ids.map((id, i) => ({
        liabilityId: String(id),
        paid: true,
        cleared: true,
        dueDate: user.due_dates[i],
      })),
    }));
  });
}

/**
 * `count` users (ids from `fromId`) with 3 past pay dates not deposited yet (the most recent 3).
 * The generated deposits are random (the latest pay deposited 60% of the time), so a user may have
 * fewer than 3 undeposited dates: the fixture then takes back the deposits of its 3 latest pay dates,
 * so that the phase never depends on the data's luck or the day it runs.
 */
export async function depositFixtures(databaseUrl, { count, fromId, occurrences = 3, scan = 20 }) {
  const { incomeOccurrencesBetween, todayInZone, addDays } = core();
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT d.id, d.time_zone, w.id AS wallet_id,
              json_agg(json_build_object(
                'id', s.id, 'frequency', s.frequency, 'nextPmtDate', s.next_pmt_date::text,
                'biMonthlyPayDate', s.bi_monthly_pay_date::text,
                'deposited', (SELECT coalesce(array_agg(x.occurrence_date::text), '{}')
                                FROM income_deposit x WHERE x.income_source_id = s.id))) AS sources
         FROM debtor d
         JOIN wallet w ON w.household_id = d.current_household_id AND w.is_default
         JOIN income_source s ON s.household_id = d.current_household_id AND s.active
        WHERE d.id >= $1 AND d.id < $1 + $2
        GROUP BY d.id, w.id
        ORDER BY d.id`,
      [fromId, Math.max(200, count * scan)],
    );
    const fixtures = [];
    for (const user of rows) {
      const today = todayInZone(new Date(), user.time_zone);
      const candidates = user.sources.flatMap((source) =>
        incomeOccurrencesBetween(source, addDays(today, -60), addDays(today, -1)).map((date) => ({
          incomeSourceId: String(source.id),
          date,
          deposited: source.deposited.includes(date),
        })),
      );
      if (candidates.length < occurrences) continue;
      candidates.sort((a, b) => (a.date < b.date ? 1 : -1));
      const chosen = candidates.slice(0, occurrences);
      for (const { incomeSourceId, date } of chosen.filter((candidate) => candidate.deposited)) {
        await client.query(
          'DELETE FROM income_deposit WHERE income_source_id = $1 AND occurrence_date = $2',
          [Number(incomeSourceId), date],
        );
      }
      fixtures.push({
        userId: user.id,
        walletId: String(user.wallet_id),
        timeZone: user.time_zone,
        occurrences: chosen.map(({ incomeSourceId, date }) => ({ incomeSourceId, date })),
      });
      if (fixtures.length === count) break;
    }
    return fixtures;
  });
}
