/**
 * The payment history (docs/product-rules.md §7-§8): every settled or skipped occurrence of a liability, kept for
 * good (the register is purged after 28 days). One row per (liability, due date), so a double submit
 * or a replay never pays twice. Deleting a liability keeps its rows for the export (the name is
 * copied in); deleting a wallet keeps the rows without it; deleting the account removes them.
 */
module.exports = class LiabilityPaymentHistory1795400000000 {
  name = 'LiabilityPaymentHistory1795400000000';

  async up(q) {
    // The history's composite key to its liability makes the database refuse another user's liability.
    await q.query('ALTER TABLE liability ADD CONSTRAINT liability_id_debtor UNIQUE (id, debtor_id)');
    await q.query(`
      CREATE TABLE liability_payment (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        liability_id integer,
        creditor_name text NOT NULL,
        debt_type text NOT NULL,
        due_date date NOT NULL,
        kind text NOT NULL CHECK (kind IN ('PAID', 'SKIPPED')),
        amount_cents bigint NOT NULL CHECK (amount_cents <= 99999999999),
        -- How much the settlement lowered the liability's balance: what an undo gives back.
        balance_reduced_cents bigint NOT NULL DEFAULT 0 CHECK (balance_reduced_cents >= 0),
        wallet_id integer,
        paid_on date NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'PAID' AND amount_cents > 0) OR (kind = 'SKIPPED' AND amount_cents = 0)),
        UNIQUE (liability_id, due_date),
        FOREIGN KEY (liability_id, debtor_id) REFERENCES liability (id, debtor_id) ON DELETE SET NULL (liability_id),
        FOREIGN KEY (wallet_id, debtor_id) REFERENCES wallet (id, debtor_id) ON DELETE SET NULL (wallet_id)
      )`);
    // The analysis reads a liability's recent payments; the history screen lists an account's, newest first.
    await q.query('CREATE INDEX liability_payment_recent ON liability_payment (liability_id, paid_on)');
    await q.query(
      'CREATE INDEX liability_payment_debtor ON liability_payment (debtor_id, paid_on DESC, id DESC)',
    );
    await q.query(
      'CREATE INDEX liability_payment_wallet ON liability_payment (wallet_id, debtor_id) WHERE wallet_id IS NOT NULL',
    );
  }

  async down(q) {
    await q.query('DROP TABLE liability_payment');
    await q.query('ALTER TABLE liability DROP CONSTRAINT liability_id_debtor');
  }
};
