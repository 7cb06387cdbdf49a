/**
 * Where money lands (docs/product-rules.md §7-§8): an income source may name the wallet its pay goes into
 * ('Deposits to') and a liability the wallet it is paid from ('Paid from'). Null means the default
 * wallet. The composite keys make the database refuse another user's wallet; deleting a wallet
 * clears only the wallet column (SET NULL (wallet_id)), so the default wallet takes over and the
 * row keeps its owner.
 */
module.exports = class WalletOfIncomeAndLiabilities1795347564023 {
  name = 'WalletOfIncomeAndLiabilities1795347564023';

  async up(q) {
    await q.query(`
      ALTER TABLE income_source
        ADD COLUMN wallet_id integer,
        ADD CONSTRAINT income_source_wallet_fk FOREIGN KEY (wallet_id, debtor_id)
          REFERENCES wallet (id, debtor_id) ON DELETE SET NULL (wallet_id)`);
    await q.query(`
      ALTER TABLE liability
        ADD COLUMN wallet_id integer,
        ADD CONSTRAINT liability_wallet_fk FOREIGN KEY (wallet_id, debtor_id)
          REFERENCES wallet (id, debtor_id) ON DELETE SET NULL (wallet_id)`);
    // Deleting a wallet looks its rows up by these keys.
    await q.query(
      'CREATE INDEX income_source_wallet ON income_source (wallet_id, debtor_id) WHERE wallet_id IS NOT NULL',
    );
    await q.query(
      'CREATE INDEX liability_wallet ON liability (wallet_id, debtor_id) WHERE wallet_id IS NOT NULL',
    );
  }

  async down(q) {
    await q.query('ALTER TABLE liability DROP COLUMN wallet_id');
    await q.query('ALTER TABLE income_source DROP COLUMN wallet_id');
  }
};
