import type { AuthFieldsFragment, LoginMutation } from '../../gql/graphql';

type LoginAnswer = LoginMutation['login'];

/**
 * What `login` answered: signed in (the session's fields), or a second step to take with the token
 * (two-factor sign-in is on). Anything else is a broken answer, which the page reports as a failure.
 */
export type LoginOutcome =
  { kind: 'signedIn'; auth: AuthFieldsFragment } | { kind: 'twoFactor'; token: string } | { kind: 'broken' };

export function loginOutcome(answer: LoginAnswer): LoginOutcome {
  if (answer.twoFactorRequired) {
    return answer.twoFactorToken ? { kind: 'twoFactor', token: answer.twoFactorToken } : { kind: 'broken' };
  }
  const { accessToken, uid, role, user, name, firstName, lastName, email, accountStatus } = answer;
  if (
    accessToken == null ||
    uid == null ||
    role == null ||
    user == null ||
    name == null ||
    firstName == null ||
    lastName == null ||
    email == null ||
    accountStatus == null
  ) {
    return { kind: 'broken' };
  }
  return {
    kind: 'signedIn',
    auth: { accessToken, uid, role, user, name, firstName, lastName, email, accountStatus },
  };
}
