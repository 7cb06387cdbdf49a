/**
 * Where the money goes (docs/product-rules.md §20): categories per household, a category on every
 * row of the ledger, on bills and on pay sources, what a household taught for a payee, its rules
 * and its splits.
 * - category: the built-ins (by key, renamed at will, archived at most) and the household's own,
 *   two levels at most; every household gets the built-ins from a trigger, existing ones here.
 * - register_entry and import_ledger (the statement history) gain category_id and category_source.
 *   A history row and its register entry are one row of the ledger: the category is kept on the
 *   history row, which outlives the register's 28 days; import_ledger gains an id to be named by.
 * - liability.category_id and income_source.category_id: a bill starts in its type's category,
 *   pay in Income.
 * - learned_payee, category_rule, ledger_split.
 * Each ledger row keeps its payee key and its learning key (core's), so that what a household
 * teaches for a payee reaches its earlier rows without reading every description again.
 * Rows written before are categorized by the application the first time their household's ledger
 * is read (household.categorized_at is null until then): the categorizer lives in core, not in SQL.
 */
const { joinHouseholdWall, leaveHouseholdWall } = require('./support/household-wall');

const KEYS = {
  INCOME: 'Income',
  TRANSFERS: 'Transfers',
  CASH: 'Cash',
  HOUSING: 'Housing',
  UTILITIES: 'Utilities',
  GROCERIES: 'Groceries',
  DINING: 'Dining',
  TRANSPORT: 'Transport',
  SHOPPING: 'Shopping',
  HEALTH: 'Health',
  INSURANCE: 'Insurance',
  SUBSCRIPTIONS: 'Subscriptions',
  ENTERTAINMENT: 'Entertainment',
  PERSONAL_CARE: 'Personal care',
  EDUCATION_CHILDCARE: 'Education & childcare',
  TRAVEL: 'Travel',
  DEBT_PAYMENTS: 'Debt payments',
  FEES: 'Fees & interest',
  GIVING: 'Giving',
  TAXES: 'Taxes & government',
  PETS: 'Pets',
  OTHER: 'Other',
};
const SOURCES = `('PERSON', 'PLAN', 'TRANSFER', 'RULE', 'LEARNED', 'BUILT_IN')`;
const keyList = Object.keys(KEYS)
  .map((key) => `'${key}'`)
  .join(', ');
const builtIns = Object.entries(KEYS)
  .map(([key, name], index) => `('${key}', '${name.replace(/'/g, "''")}', ${index})`)
  .join(', ');

module.exports = class Categories1797300000000 {
  name = 'Categories1797300000000';

  async up(q) {
    await q.query(`
      CREATE TABLE category (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        household_id uuid NOT NULL REFERENCES household (id) ON DELETE CASCADE,
        key text CHECK (key IN (${keyList})),
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 40),
        parent_id integer,
        archived boolean NOT NULL DEFAULT false,
        position integer NOT NULL DEFAULT 1000,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (id, household_id),
        UNIQUE (household_id, key),
        CHECK (key IS NULL OR parent_id IS NULL),
        FOREIGN KEY (parent_id, household_id) REFERENCES category (id, household_id)
      )`);
    // Sibling names differ case-folded (names are stored trimmed, single-spaced).
    await q.query(`
      CREATE UNIQUE INDEX category_sibling_name ON category (household_id, coalesce(parent_id, 0), lower(name))
       WHERE NOT archived`);
    // The built-ins of one household, in one place: the trigger's, and a loader's that fires none.
    await q.query(`
      CREATE FUNCTION add_built_in_categories(household uuid) RETURNS void LANGUAGE sql
      -- A household is made inside a request that answers for another one (a new shared household,
      -- an account's first): its categories are written as the table's owner, past the wall.
      SECURITY DEFINER SET search_path = public, pg_temp AS $$
        INSERT INTO category (household_id, key, name, position)
        SELECT household, b.key, b.name, b.position FROM (VALUES ${builtIns}) AS b(key, name, position)
      $$`);
    await q.query(`
      CREATE FUNCTION create_built_in_categories() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM add_built_in_categories(NEW.id);
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER household_built_in_categories AFTER INSERT ON household
      FOR EACH ROW EXECUTE FUNCTION create_built_in_categories()`);
    await q.query('SELECT add_built_in_categories(id) FROM household');
    await joinHouseholdWall(q, 'category');

    await q.query('ALTER TABLE household ADD COLUMN categorized_at timestamptz');
    await q.query('UPDATE household SET categorized_at = NULL');
    await q.query(`ALTER TABLE household ALTER COLUMN categorized_at SET DEFAULT now()`);

    for (const table of ['register_entry', 'import_ledger']) {
      await q.query(`
        ALTER TABLE ${table}
          ADD COLUMN category_id integer,
          ADD COLUMN category_source text CHECK (category_source IN ${SOURCES}),
          ADD COLUMN payee_key text CHECK (char_length(payee_key) <= 1000),
          ADD COLUMN learning_key text CHECK (char_length(learning_key) <= 1000),
          ADD CONSTRAINT ${table}_category FOREIGN KEY (category_id, household_id) REFERENCES category (id, household_id),
          ADD CONSTRAINT ${table}_category_source CHECK ((category_id IS NULL) = (category_source IS NULL))`);
    }
    await q.query('ALTER TABLE import_ledger ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY');
    await q.query('ALTER TABLE import_ledger ADD CONSTRAINT import_ledger_id UNIQUE (id)');
    // No index of its own for the ledger, the learning keys or the categories: a household's rows are
    // found by the history's (household_id, wallet_id, occurred_on) index and the register's, and an
    // index more on the statement history is paid by every row an import writes (bench/README.md).
    for (const table of ['liability', 'income_source']) {
      await q.query(`
        ALTER TABLE ${table}
          ADD COLUMN category_id integer,
          ADD CONSTRAINT ${table}_category FOREIGN KEY (category_id, household_id) REFERENCES category (id, household_id)`);
    }
    const builtIn = (key) =>
      `(SELECT c.id FROM category c WHERE c.household_id = t.household_id AND c.key = '${key}')`;
    await q.query(`
      UPDATE liability t SET category_id = CASE t.debt_type
          WHEN 'MORTGAGE_RENT' THEN ${builtIn('HOUSING')}
          WHEN 'CAR_LOAN' THEN ${builtIn('DEBT_PAYMENTS')}
          WHEN 'GENERAL_LOAN' THEN ${builtIn('DEBT_PAYMENTS')}
          WHEN 'CREDIT_CARD' THEN ${builtIn('DEBT_PAYMENTS')}
          WHEN 'INSURANCE' THEN ${builtIn('INSURANCE')}
          WHEN 'MOBILE_PHONE' THEN ${builtIn('UTILITIES')}
          WHEN 'UTILITY' THEN ${builtIn('UTILITIES')}
          WHEN 'SUBSCRIPTION' THEN ${builtIn('SUBSCRIPTIONS')}
        END`);
    await q.query(`UPDATE income_source t SET category_id = ${builtIn('INCOME')}`);

    await q.query(`
      CREATE TABLE learned_payee (
        household_id uuid NOT NULL REFERENCES household (id) ON DELETE CASCADE,
        learning_key text NOT NULL CHECK (char_length(learning_key) <= 1000),
        category_id integer NOT NULL,
        learned_by integer REFERENCES debtor (id) ON DELETE SET NULL,
        learned_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (household_id, learning_key),
        FOREIGN KEY (category_id, household_id) REFERENCES category (id, household_id)
      )`);
    await joinHouseholdWall(q, 'learned_payee');

    await q.query(`
      CREATE TABLE category_rule (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        household_id uuid NOT NULL REFERENCES household (id) ON DELETE CASCADE,
        description_contains text CHECK (char_length(description_contains) BETWEEN 1 AND 200),
        payee text CHECK (char_length(payee) BETWEEN 1 AND 200),
        amount_min_cents bigint CHECK (amount_min_cents >= 0),
        amount_max_cents bigint CHECK (amount_max_cents >= 0),
        direction text CHECK (direction IN ('SPENT', 'DEPOSITED')),
        wallet_id integer,
        category_id integer NOT NULL,
        created_by integer REFERENCES debtor (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (num_nonnulls(description_contains, payee, amount_min_cents, amount_max_cents, direction, wallet_id) > 0),
        FOREIGN KEY (category_id, household_id) REFERENCES category (id, household_id),
        FOREIGN KEY (wallet_id, household_id) REFERENCES wallet (id, household_id) ON DELETE CASCADE
      )`);
    await joinHouseholdWall(q, 'category_rule');

    await q.query(`
      CREATE TABLE ledger_split (
        household_id uuid NOT NULL REFERENCES household (id) ON DELETE CASCADE,
        entry_id bigint REFERENCES register_entry (id) ON DELETE CASCADE,
        history_id bigint REFERENCES import_ledger (id) ON DELETE CASCADE,
        part smallint NOT NULL CHECK (part BETWEEN 1 AND 20),
        category_id integer NOT NULL,
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        CHECK (num_nonnulls(entry_id, history_id) = 1),
        FOREIGN KEY (category_id, household_id) REFERENCES category (id, household_id)
      )`);
    await q.query(
      'CREATE UNIQUE INDEX ledger_split_entry ON ledger_split (entry_id, part) WHERE entry_id IS NOT NULL',
    );
    await q.query(
      'CREATE UNIQUE INDEX ledger_split_history ON ledger_split (history_id, part) WHERE history_id IS NOT NULL',
    );
    await q.query('CREATE INDEX ledger_split_household ON ledger_split (household_id)');
    await joinHouseholdWall(q, 'ledger_split');
  }

  async down(q) {
    for (const table of ['ledger_split', 'category_rule', 'learned_payee']) {
      await leaveHouseholdWall(q, table);
      await q.query(`DROP TABLE ${table}`);
    }
    for (const table of ['liability', 'income_source'])
      await q.query(`ALTER TABLE ${table} DROP COLUMN category_id`);
    await q.query('ALTER TABLE import_ledger DROP COLUMN id');
    for (const table of ['register_entry', 'import_ledger']) {
      await q.query(
        `ALTER TABLE ${table} DROP COLUMN category_id, DROP COLUMN category_source, DROP COLUMN payee_key, DROP COLUMN learning_key`,
      );
    }
    await q.query('ALTER TABLE household DROP COLUMN categorized_at');
    await q.query('DROP TRIGGER household_built_in_categories ON household');
    await q.query('DROP FUNCTION create_built_in_categories()');
    await q.query('DROP FUNCTION add_built_in_categories(uuid)');
    await leaveHouseholdWall(q, 'category');
    await q.query('DROP TABLE category');
  }
};
