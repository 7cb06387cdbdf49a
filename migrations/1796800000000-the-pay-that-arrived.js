/**
 * The pay that arrived (docs/product-rules.md §18): a pay recorded as deposited from a bank row
 * counts as what the bank shows, not the schedule's amount. The analysis reads each deposit's
 * amount beside its date: finance_snapshot's income rows gain `deposited_amounts`, an object of
 * occurrence date → cents (the rest of the function as the households migration made it).
 */
function snapshotFunction(withAmounts) {
  const amounts = withAmounts
    ? `,
                          COALESCE(json_object_agg(i.occurrence_date::text, i.amount_cents)
                                     FILTER (WHERE i.occurrence_date IS NOT NULL), '{}') AS deposited_amounts`
    : '';
  return `
      CREATE OR REPLACE FUNCTION finance_snapshot(account integer, in_household uuid, since date)
        RETURNS TABLE (time_zone text, household_id uuid, wallets json, income_sources json, liabilities json)
        LANGUAGE plpgsql STABLE
      AS $body$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY
        WITH chosen AS (
          SELECT d.time_zone AS zone, m.household_id AS id
            FROM debtor d
            JOIN household_member m
              ON m.debtor_id = d.id AND m.household_id = COALESCE(in_household, d.current_household_id)
           WHERE d.id = account
          UNION ALL
          SELECT NULL::text, in_household WHERE account IS NULL
        )
        SELECT c.zone, c.id,
          (SELECT COALESCE(json_agg(wallet_rows ORDER BY wallet_rows.id), '[]')
             FROM (SELECT w.id, w.name, w.description, w.balance_cents, w.is_default, w.last_update
                     FROM wallet w WHERE w.household_id = c.id) wallet_rows),
          (SELECT COALESCE(json_agg(income_rows ORDER BY income_rows.id), '[]')
             FROM (SELECT s.id, s.source_name, s.source_url, s.description, s.frequency,
                          s.next_pmt_date::text AS next_pmt_date,
                          s.bi_monthly_pay_date::text AS bi_monthly_pay_date,
                          s.payment_cents, s.active, s.wallet_id,
                          COALESCE(array_agg(i.occurrence_date::text ORDER BY i.occurrence_date)
                                     FILTER (WHERE i.occurrence_date IS NOT NULL), '{}') AS deposited_dates${amounts}
                     FROM income_source s
                     LEFT JOIN income_deposit i
                       ON i.income_source_id = s.id AND i.household_id = s.household_id
                      AND i.occurrence_date >= since
                    WHERE s.household_id = c.id
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
                                     WHERE p.liability_id = l.id AND p.household_id = l.household_id
                                       AND p.kind = 'PAID' AND p.paid_on >= since),
                                   '[]') AS recent_payments
                     FROM liability l WHERE l.household_id = c.id) liability_rows)
          FROM chosen c;
      END
      $body$`;
}

module.exports = class ThePayThatArrived1796800000000 {
  name = 'ThePayThatArrived1796800000000';

  async up(q) {
    await q.query(snapshotFunction(true));
  }

  async down(q) {
    await q.query(snapshotFunction(false));
  }
};
