import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';

/**
 * After the household the account works in changed (a switch, an accepted invitation, leaving, a
 * transfer): every cached answer was another household's, so all active queries read again.
 */
export function useHouseholdChange(): () => Promise<void> {
  const client = useApolloClient();
  return useCallback(async () => {
    await client.resetStore();
  }, [client]);
}
