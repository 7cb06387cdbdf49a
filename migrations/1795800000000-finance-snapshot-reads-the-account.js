// TypeORM loads migrations as CommonJS; the down step restores the previous version from its own file.
const FinanceSnapshotFunction1795700000000 = require('./1795700000000-finance-snapshot-function');

/**
 * finance_snapshot(account, since) reads through the account's row: it answers the stored zone
 * with the three tables, and no row when the account no longer exists. The analysis used to join
 * the function LATERALly to `debtor` in its own statement, which PostgreSQL planned on every call
 * (about 0.04 ms of its CPU per analysis, issue #23); inside the function the whole query is
 * planned once per connection. The parameter is `account`, not `debtor`, so that it never
 * shadows the table of that name.
 *
 * The columns are the previous version's (see its migration): WALLET_COLUMNS,
 * INCOME_SOURCE_COLUMNS with the deposited dates, LIABILITY_COLUMNS with PAYMENT_JSON.
 */
module.exports = class FinanceSnapshotReadsTheAccount1795800000000 {
  name = 'FinanceSnapshotReadsTheAccount1795800000000';

  async up(q) {
    await q.query('DROP FUNCTION finance_snapshot(integer, date)');
    await q.query(`
      CREATE FUNCTION finance_snapshot(account integer, since date)
        RETURNS TABLE (time_zone text, wallets json, income_sources json, liabilities json)
        LANGUAGE plpgsql STABLE
      AS $body$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY SELECT
          d.time_zone,
          (SELECT COALESCE(json_agg(wallet_rows ORDER BY wallet_rows.id), '[]')
             FROM (SELECT id, name, description, balance_cents, is_default, last_update
                     FROM wallet WHERE debtor_id = account) wallet_rows),
          (SELECT COALESCE(json_agg(income_rows ORDER BY income_rows.id), '[]')
             FROM (SELECT s.id, s.source_name, s.source_url, s.description, s.frequency,
                          s.next_pmt_date::text AS next_pmt_date,
                          s.bi_monthly_pay_date::text AS bi_monthly_pay_date,
                          s.payment_cents, s.active, s.wallet_id,
                          COALESCE(array_agg(i.occurrence_date::text ORDER BY i.occurrence_date)
                                     FILTER (WHERE i.occurrence_date IS NOT NULL), '{}') AS deposited_dates
                     FROM income_source s
                     LEFT JOIN income_deposit i
                       ON i.income_source_id = s.id AND i.debtor_id = s.debtor_id
                      AND i.occurrence_date >= since
                    WHERE s.debtor_id = account
                    GROUP BY s.id) income_rows),
          (SELECT COALESCE(json_agg(liability_rows ORDER BY liability_rows.due_date, liability_rows.id), '[]')
             FROM (SELECT l.id, l.creditor_name, l.creditor_url, l.description, l.debt_type, l.frequency,
                          l.anchor_date::text AS anchor_date, l.due_date::text AS due_date,
                          l.payment_cents, l.balance_cents, l.auto_pay, l.current_paid,
                          l.current_cleared, l.paid_wallet_id, l.wallet_id,
                          COALESCE((SELECT json_agg(json_build_object(
                                             'id', p.id::text, 'due_date', p.due_date::text, 'kind', p.kind,
                                             'amount_cents', p.amount_cents,
                                             'balance_reduced_cents', p.balance_reduced_cents,
                                             'wallet_id', p.wallet_id, 'paid_on', p.paid_on::text)
                                           ORDER BY p.paid_on, p.id)
                                      FROM liability_payment p
                                     WHERE p.liability_id = l.id AND p.kind = 'PAID' AND p.paid_on >= since),
                                   '[]') AS recent_payments
                     FROM liability l WHERE l.debtor_id = account) liability_rows)
          FROM debtor d
         WHERE d.id = account;
      END
      $body$`);
  }

  async down(q) {
    await q.query('DROP FUNCTION finance_snapshot(integer, date)');
    await new FinanceSnapshotFunction1795700000000().up(q);
  }
};
