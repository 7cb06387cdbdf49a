/**
 * Budgets for what is left after the bills (docs/product-rules.md §24): one monthly amount per
 * category of a household, with an optional rollover that chains from the month it was set
 * (starts_month, 'YYYY-MM' in the household's zone when it was set).
 */
const { joinHouseholdWall, leaveHouseholdWall } = require('./support/household-wall');

module.exports = class Budgets1797400000000 {
  name = 'Budgets1797400000000';

  async up(q) {
    await q.query(`
      CREATE TABLE budget (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        household_id uuid NOT NULL REFERENCES household (id) ON DELETE CASCADE,
        category_id integer NOT NULL,
        monthly_cents bigint NOT NULL CHECK (monthly_cents BETWEEN 0 AND 100000000),
        rollover boolean NOT NULL DEFAULT false,
        starts_month text NOT NULL CHECK (starts_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        set_by integer REFERENCES debtor (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (household_id, category_id),
        FOREIGN KEY (category_id, household_id) REFERENCES category (id, household_id)
      )`);
    await joinHouseholdWall(q, 'budget');
  }

  async down(q) {
    await leaveHouseholdWall(q, 'budget');
    await q.query('DROP TABLE budget');
  }
};
