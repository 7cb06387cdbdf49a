import type { AccountRow } from '../../modules/accounts/account.queries';
import type { SignedIn } from '../../modules/auth/auth.service';

/**
 * The REST shapes of the specification's entities for accounts and sessions. The login response carries
 * the fields the original client reads at login; the refresh response adds `name` and `user`.
 */

export interface RestLoginResponse {
  accessToken: string;
  role: string;
  uid: number;
  firstName: string;
  lastName: string;
  email: string;
  accountStatus: number;
}

export interface RestRefreshResponse extends RestLoginResponse {
  name: string;
  user: string;
}

export function presentLogin({ account, accessToken }: SignedIn): RestLoginResponse {
  return {
    accessToken,
    role: account.role,
    uid: account.id,
    firstName: account.first_name,
    lastName: account.last_name,
    email: account.email,
    accountStatus: account.status,
  };
}

export function presentRefresh(signedIn: SignedIn): RestRefreshResponse {
  const { account } = signedIn;
  return {
    ...presentLogin(signedIn),
    name: `${account.first_name} ${account.last_name}`,
    user: account.username,
  };
}

/** §3 "Account": fname, lname, email, status, with the login names beside them. */
export function presentAccount(account: AccountRow) {
  return {
    id: account.id,
    uid: account.id,
    user: account.username,
    fname: account.first_name,
    lname: account.last_name,
    firstName: account.first_name,
    lastName: account.last_name,
    email: account.email,
    status: account.status,
    accountStatus: account.status,
    role: account.role,
  };
}
