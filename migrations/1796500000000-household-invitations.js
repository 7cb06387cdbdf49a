/**
 * Households, third slice (docs/product-rules.md §16): invitations and the activity list.
 * - household_invitation: an invitation by e-mail to a household with a role. The token is random
 *   (256 bits) and stored as its SHA-256 only; single use (`accepted_at`), revocable (`revoked_at`),
 *   7 days (`expires_at`), bound to the address (compared case-insensitively). At most one live
 *   invitation per address and household.
 * - household_activity: what happened to a household's membership and its records (wallets,
 *   income, bills), newest first, with the member who did it (emptied, not cascaded, when their
 *   account is deleted). Money moved is read from the register and the statement imports.
 */
module.exports = class HouseholdInvitations1796500000000 {
  name = 'HouseholdInvitations1796500000000';

  async up(q) {
    await q.query(`
      CREATE TABLE household_invitation (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        household_id uuid NOT NULL REFERENCES household (id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('EDITOR', 'VIEWER')),
        token_hash text NOT NULL UNIQUE,
        invited_by integer REFERENCES debtor (id) ON DELETE SET NULL,
        invited_by_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        accepted_at timestamptz,
        accepted_by integer REFERENCES debtor (id) ON DELETE SET NULL
      )`);
    await q.query(`
      CREATE UNIQUE INDEX household_invitation_live ON household_invitation (household_id, lower(email))
       WHERE revoked_at IS NULL AND accepted_at IS NULL`);
    await q.query(`
      CREATE TABLE household_activity (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        household_id uuid NOT NULL REFERENCES household (id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        entered_by integer REFERENCES debtor (id) ON DELETE SET NULL,
        action text NOT NULL,
        summary text NOT NULL
      )`);
    await q.query(
      'CREATE INDEX household_activity_recent ON household_activity (household_id, at DESC, id DESC)',
    );
    await q.query(
      'CREATE INDEX register_entry_household_recent ON register_entry (household_id, created_at DESC)',
    );
  }

  async down(q) {
    await q.query('DROP INDEX register_entry_household_recent');
    await q.query('DROP TABLE household_activity');
    await q.query('DROP TABLE household_invitation');
  }
};
