/**
 * Found in your bank, amount changes (docs/product-rules.md §18): a bill or pay whose two latest
 * payments matched from the bank agree on another amount than the plan's is an amount change; a
 * person may keep the plan's amount, which hides that change until yet another amount appears.
 * - amount_change_dismissal: per bill or pay source, the amount the person chose not to follow.
 */
module.exports = class AmountChanges1796700000000 {
  name = 'AmountChanges1796700000000';

  async up(q) {
    await q.query(`
      CREATE TABLE amount_change_dismissal (
        household_id uuid NOT NULL REFERENCES household (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('BILL', 'INCOME')),
        item_id integer NOT NULL,
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (household_id, kind, item_id)
      )`);
    await q.query(`
      CREATE INDEX import_ledger_matched ON import_ledger (household_id, occurred_on)
       WHERE deleted_at IS NULL AND (liability_id IS NOT NULL OR income_source_id IS NOT NULL)`);
  }

  async down(q) {
    await q.query('DROP INDEX import_ledger_matched');
    await q.query('DROP TABLE amount_change_dismissal');
  }
};
