/**
 * The analysis' one statement behind the wall between households (support/household-wall.js)
 * without a transaction around it: finance_snapshot, called for an account, proves the account's
 * membership of the household it reads (the one named, or the account's current one) and then reads
 * as truenet_app with that household named, both for the rest of the statement only. It never
 * widens a wall already standing: a caller that names another household reads nothing. Called
 * for a household (no account), it reads as its caller does (the request's transaction, or a job).
 * Its liabilities carry their APR (migration 1797050000000).
 */
// TypeORM loads migrations as CommonJS; the down step restores the previous version from its own file.
const ThePayThatArrived1796800000000 = require('./1796800000000-the-pay-that-arrived');

const READS = `
          (SELECT COALESCE(json_agg(wallet_rows ORDER BY wallet_rows.id), '[]')
             FROM (SELECT w.id, w.name, w.description, w.balance_cents, w.is_default, w.last_update
                     FROM wallet w WHERE w.household_id = chosen_id) wallet_rows),
          (SELECT COALESCE(json_agg(income_rows ORDER BY income_rows.id), '[]')
             FROM (SELECT s.id, s.source_name, s.source_url, s.description, s.frequency,
                          s.next_pmt_date::text AS next_pmt_date,
                          s.bi_monthly_pay_date::text AS bi_monthly_pay_date,
                          s.payment_cents, s.active, s.wallet_id,
                          COALESCE(array_agg(i.occurrence_date::text ORDER BY i.occurrence_date)
                                     FILTER (WHERE i.occurrence_date IS NOT NULL), '{}') AS deposited_dates,
                          COALESCE(json_object_agg(i.occurrence_date::text, i.amount_cents)
                                     FILTER (WHERE i.occurrence_date IS NOT NULL), '{}') AS deposited_amounts
                     FROM income_source s
                     LEFT JOIN income_deposit i
                       ON i.income_source_id = s.id AND i.household_id = s.household_id
                      AND i.occurrence_date >= since
                    WHERE s.household_id = chosen_id
                    GROUP BY s.id) income_rows),
          (SELECT COALESCE(json_agg(liability_rows ORDER BY liability_rows.due_date, liability_rows.id), '[]')
             FROM (SELECT l.id, l.creditor_name, l.creditor_url, l.description, l.debt_type, l.frequency,
                          l.anchor_date::text AS anchor_date, l.due_date::text AS due_date,
                          l.payment_cents, l.balance_cents, l.apr, l.auto_pay, l.current_paid,
                          l.current_cleared, l.paid_wallet_id, l.wallet_id,
                          COALESCE((SELECT json_agg(json_build_object(
                                             'id', p.id::text, 'due_date', p.due_date::text, 'kind', p.kind,
                                             'amount_cents', p.amount_cents,
                                             'balance_reduced_cents', p.balance_reduced_cents,
                                             'wallet_id', p.wallet_id, 'paid_on', p.paid_on::text)
                                           ORDER BY p.paid_on, p.id)
                                      FROM liability_payment p
                                     WHERE p.liability_id = l.id AND p.household_id = l.household_id
                                       AND p.kind = 'PAID' AND p.paid_on >= since),
                                   '[]') AS recent_payments
                     FROM liability l WHERE l.household_id = chosen_id) liability_rows)`;

module.exports = class TheSnapshotWallsItself1797100000000 {
  name = 'TheSnapshotWallsItself1797100000000';

  async up(q) {
    await q.query('DROP FUNCTION finance_snapshot(integer, uuid, date)');
    await q.query(`
      CREATE FUNCTION finance_snapshot(account integer, in_household uuid, since date)
        RETURNS TABLE (time_zone text, household_id uuid, wallets json, income_sources json, liabilities json)
        LANGUAGE plpgsql VOLATILE
      AS $body$
      DECLARE
        chosen_zone text;
        chosen_id uuid;
      BEGIN
        IF account IS NULL THEN
          chosen_id := in_household;
        ELSE
          SELECT d.time_zone, m.household_id INTO chosen_zone, chosen_id
            FROM debtor d
            JOIN household_member m
              ON m.debtor_id = d.id AND m.household_id = COALESCE(in_household, d.current_household_id)
           WHERE d.id = account;
          IF NOT FOUND THEN
            RETURN;
          END IF;
          IF coalesce(current_setting('app.household_id', true), '') NOT IN ('', chosen_id::text) THEN
            RETURN;
          END IF;
          PERFORM set_config('role', 'truenet_app', true), set_config('app.household_id', chosen_id::text, true);
        END IF;
        RETURN QUERY SELECT chosen_zone, chosen_id,${READS};
      END
      $body$`);
  }

  async down(q) {
    await q.query('DROP FUNCTION finance_snapshot(integer, uuid, date)');
    await new ThePayThatArrived1796800000000().up(q);
  }
};
