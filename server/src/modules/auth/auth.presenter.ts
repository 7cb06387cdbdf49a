import type { AuthPayload, LoginPayload } from '../../generated/graphql';
import type { SignedIn, TwoFactorPending } from './auth.service';

/** The login and refresh responses of the specification (§3), one shape for both. */
export function presentAuthPayload({ account, accessToken }: SignedIn): AuthPayload {
  return {
    accessToken,
    uid: account.id,
    role: account.role,
    user: account.username,
    name: `${account.first_name} ${account.last_name}`,
    firstName: account.first_name,
    lastName: account.last_name,
    email: account.email,
    accountStatus: account.status,
  };
}

/** A login waiting for its code: the token and nothing about the account. */
export function presentTwoFactorPending({ twoFactorToken }: TwoFactorPending): LoginPayload {
  return {
    twoFactorRequired: true,
    twoFactorToken,
    accessToken: null,
    uid: null,
    role: null,
    user: null,
    name: null,
    firstName: null,
    lastName: null,
    email: null,
    accountStatus: null,
  };
}
