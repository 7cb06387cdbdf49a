import { ApolloLink } from '@apollo/client';
import { tap } from 'rxjs';
import { tabHousehold } from '../session/tabHousehold';

/** The server's word for a household the account is no longer in (server: notAMember). */
const NOT_A_MEMBER = 'NOT_A_MEMBER';

function namesLeftHousehold(result: ApolloLink.Result): boolean {
  const errors = 'errors' in result ? result.errors : undefined;
  return (errors ?? []).some((error) => error.extensions?.reason === NOT_A_MEMBER);
}

/**
 * The tab showed a household its person has since left or been removed from: the answer (its
 * message says so) goes through as it is, the tab forgets that household, and `onLeft` reads every
 * screen again for the account's current one.
 */
export function createLeftHouseholdLink(onLeft: () => void): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      tap((result) => {
        if (tabHousehold.get() === null || !namesLeftHousehold(result)) return;
        tabHousehold.forget();
        onLeft();
      }),
    ),
  );
}
