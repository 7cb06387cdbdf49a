import type { Queryable } from '../../db/sql';
import { queryOne } from '../../db/sql';

/** An account as the services read it: never its password hashes. */
export interface AccountRow {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  status: number;
  role: string;
  time_zone: string | null;
  created_at: Date;
}

export const ACCOUNT_COLUMNS =
  'id, username, email, first_name, last_name, status, role, time_zone, created_at';

export function findAccountById(db: Queryable, id: number): Promise<AccountRow | undefined> {
  return queryOne<AccountRow>(db, `SELECT ${ACCOUNT_COLUMNS} FROM debtor WHERE id = $1`, [id]);
}

/** The account with its password hashes, for the commands that check a password. */
export interface AccountWithPasswords extends AccountRow {
  password_hash: string;
  temp_password_hash: string | null;
  temp_password_expires_at: Date | null;
}

const WITH_PASSWORDS = `${ACCOUNT_COLUMNS}, password_hash, temp_password_hash, temp_password_expires_at`;

export function findAccountWithPasswordsById(
  db: Queryable,
  id: number,
): Promise<AccountWithPasswords | undefined> {
  return queryOne<AccountWithPasswords>(db, `SELECT ${WITH_PASSWORDS} FROM debtor WHERE id = $1`, [id]);
}

/** Usernames are unique case-insensitively (index `debtor_username_ci`). */
export function findAccountWithPasswordsByUserName(
  db: Queryable,
  userName: string,
): Promise<AccountWithPasswords | undefined> {
  return queryOne<AccountWithPasswords>(
    db,
    `SELECT ${WITH_PASSWORDS} FROM debtor WHERE lower(username) = lower($1)`,
    [userName],
  );
}
