/**
 * finance_snapshot(debtor, since): the analysis's one read (wallets, income sources with their
 * deposits since `since`, liabilities with their payments since `since`), each table as a JSON
 * array of rows, as PL/pgSQL so that PostgreSQL plans it once per connection (its plan cache).
 * Planning the statement on every call cost more than running it (issue #23: PostgreSQL's CPU per
 * analysis 1.1 → 0.5 ms), and named prepared statements are not an option behind PgBouncer in
 * transaction pooling (docs/product-rules.md §13).
 *
 * Each table's columns are the ones its rows module selects (WALLET_COLUMNS, INCOME_SOURCE_COLUMNS,
 * LIABILITY_COLUMNS, PAYMENT_JSON); analysis.test.ts checks that the two agree. A change to those
 * columns replaces this function in a migration of its own.
 */
module.exports = class FinanceSnapshotFunction1795700000000 {
  name = 'FinanceSnapshotFunction1795700000000';

  async up(q) {
    await q.query(`
      CREATE FUNCTION finance_snapshot(debtor integer, since date)
        RETURNS TABLE (wallets json, income_sources json, liabilities json)
        LANGUAGE plpgsql STABLE
      AS $body$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY SELECT
          (SELECT COALESCE(json_agg(wallet_rows ORDER BY wallet_rows.id), '[]')
             FROM (SELECT id, name, description, balance_cents, is_default, last_update
                     FROM wallet WHERE debtor_id = debtor) wallet_rows),
          (SELECT COALESCE(json_agg(income_rows ORDER BY income_rows.id), '[]')
             FROM (SELECT s.id, s.source_name, s.source_url, s.description, s.frequency,
                          s.next_pmt_date::text AS next_pmt_date,
                          s.bi_monthly_pay_date::text AS bi_monthly_pay_date,
                          s.payment_cents, s.active, s.wallet_id,
                          COALESCE(array_agg(d.occurrence_date::text ORDER BY d.occurrence_date)
                                     FILTER (WHERE d.occurrence_date IS NOT NULL), '{}') AS deposited_dates
                     FROM income_source s
                     LEFT JOIN income_deposit d
                       ON d.income_source_id = s.id AND d.debtor_id = s.debtor_id
                      AND d.occurrence_date >= since
                    WHERE s.debtor_id = debtor
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
                     FROM liability l WHERE l.debtor_id = debtor) liability_rows);
      END
      $body$`);
  }

  async down(q) {
    await q.query('DROP FUNCTION finance_snapshot(integer, date)');
  }
};
