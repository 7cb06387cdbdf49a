import type { AuthPayload } from '../../generated/graphql';
import type { SignedIn } from './auth.service';

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
