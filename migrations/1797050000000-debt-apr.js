/**
 * A debt's APR (docs/product-rules.md, "Debts: a payoff plan"): the annual percentage rate of a
 * bill with a balance, 0 to 100 with at most 2 decimals; null when the person has not said.
 */
module.exports = class DebtApr1797050000000 {
  name = 'DebtApr1797050000000';

  async up(q) {
    await q.query('ALTER TABLE liability ADD COLUMN apr numeric(5, 2) CHECK (apr >= 0 AND apr <= 100)');
  }

  async down(q) {
    await q.query('ALTER TABLE liability DROP COLUMN apr');
  }
};
