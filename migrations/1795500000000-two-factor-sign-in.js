/**
 * Two-factor sign-in with an authenticator app (docs/product-rules.md §10).
 * - two_factor: one row per account that has set up an authenticator app. `pending_secret` holds
 *   the secret of an enrollment not confirmed yet; `totp_secret` and `enabled_at` are set once a
 *   first code confirmed it. `last_used_step` is the last 30-second step whose code was accepted,
 *   so a code is accepted once (a replay in the same step, or an older one, is refused).
 * - recovery_code: ten per enrollment, SHA-256 hashed (they are random, 50 bits), each used once.
 * - sign_in_challenge: the short-lived, single-use `twoFactorToken` of a password sign-in waiting
 *   for its second factor, hashed like every other bearer secret.
 */
module.exports = class TwoFactorSignIn1795500000000 {
  name = 'TwoFactorSignIn1795500000000';

  async up(q) {
    await q.query(`
      CREATE TABLE two_factor (
        debtor_id integer PRIMARY KEY REFERENCES debtor (id) ON DELETE CASCADE,
        totp_secret text,
        pending_secret text,
        enabled_at timestamptz,
        last_used_step bigint,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((totp_secret IS NULL) = (enabled_at IS NULL))
      )`);
    await q.query(`
      CREATE TABLE recovery_code (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        used_at timestamptz,
        UNIQUE (debtor_id, code_hash)
      )`);
    await q.query(`
      CREATE TABLE sign_in_challenge (
        token_hash text PRIMARY KEY,
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        temporary_password boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query('CREATE INDEX sign_in_challenge_debtor ON sign_in_challenge (debtor_id)');
  }

  async down(q) {
    await q.query('DROP TABLE sign_in_challenge');
    await q.query('DROP TABLE recovery_code');
    await q.query('DROP TABLE two_factor');
  }
};
