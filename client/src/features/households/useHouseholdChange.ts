import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { tabHousehold } from '../../app/session/tabHousehold';

/**
 * After the household this tab works in changed (a switch, an accepted invitation, leaving, a
 * transfer): the tab names the household it moved to, and since every cached answer was another
 * household's, all active queries read again.
 */
export function useHouseholdChange(): (householdId: string) => Promise<void> {
  const client = useApolloClient();
  return useCallback(
    async (householdId: string) => {
      tabHousehold.set(householdId);
      // The change itself is done: a query that fails to read again (or is cut short by this
      // reset) says so on its own screen, and must not read as the change having failed.
      await client.resetStore().catch(() => undefined);
    },
    [client],
  );
}
