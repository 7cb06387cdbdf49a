/**
 * Households, first slice (docs/product-rules.md §16): the model, behind the unchanged API.
 * - household: a name, and whether it is an account's personal one (`personal_of`: that account;
 *   deleting the account deletes it).
 * - household_member: who belongs, with OWNER, EDITOR or VIEWER; exactly one OWNER per household.
 * - debtor.current_household_id: the household every query answers for.
 * Every account has a personal household from its first moment: a trigger on debtor makes it (and
 * the owner's membership) in the same statement that creates the account, whichever path creates
 * it (sign-up, the demo seed, the bench's generated users); existing accounts get theirs here.
 * The finance tables move to households in the next slices.
 */
module.exports = class Households1796100000000 {
  name = 'Households1796100000000';

  async up(q) {
    await q.query(`
      CREATE TABLE household (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
        personal_of integer UNIQUE REFERENCES debtor (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE household_member (
        household_id uuid NOT NULL REFERENCES household (id) ON DELETE CASCADE,
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('OWNER', 'EDITOR', 'VIEWER')),
        joined_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (household_id, debtor_id)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX household_one_owner ON household_member (household_id) WHERE role = 'OWNER'`,
    );
    await q.query('CREATE INDEX household_member_debtor ON household_member (debtor_id)');
    await q.query(
      'ALTER TABLE debtor ADD COLUMN current_household_id uuid REFERENCES household (id) ON DELETE SET NULL',
    );
    await q.query(`
      CREATE FUNCTION create_personal_household() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE made uuid;
      BEGIN
        INSERT INTO household (name, personal_of)
        VALUES (left(coalesce(nullif(NEW.first_name, ''), NEW.username) || '''s household', 60), NEW.id)
        RETURNING id INTO made;
        INSERT INTO household_member (household_id, debtor_id, role) VALUES (made, NEW.id, 'OWNER');
        UPDATE debtor SET current_household_id = made WHERE id = NEW.id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER debtor_personal_household AFTER INSERT ON debtor
      FOR EACH ROW EXECUTE FUNCTION create_personal_household()`);
    // Existing accounts: one personal household each, owned by them and current.
    await q.query(`
      WITH made AS (
        INSERT INTO household (name, personal_of)
        SELECT left(coalesce(nullif(first_name, ''), username) || '''s household', 60), id FROM debtor
        RETURNING id, personal_of
      ), members AS (
        INSERT INTO household_member (household_id, debtor_id, role)
        SELECT id, personal_of, 'OWNER' FROM made
      )
      UPDATE debtor d SET current_household_id = made.id FROM made WHERE made.personal_of = d.id`);
  }

  async down(q) {
    await q.query('DROP TRIGGER debtor_personal_household ON debtor');
    await q.query('DROP FUNCTION create_personal_household()');
    await q.query('ALTER TABLE debtor DROP COLUMN current_household_id');
    await q.query('DROP TABLE household_member');
    await q.query('DROP TABLE household');
  }
};
