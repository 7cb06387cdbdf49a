import { useContext, useState, useSyncExternalStore } from 'react';
import { Outlet } from 'react-router-dom';
import { getApolloContext, ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { sessionStore } from '../session/sessionStore';
import { createApolloClient } from './createApolloClient';
import { useSessionCache } from './useSessionCache';
import { forgetPreviousUsers } from './forgetPreviousUsers';
import { HouseholdSwitcherSlot } from '../../features/households/HouseholdSwitcher';

let appClient: ApolloClient | null = null;

function getAppClient(): ApolloClient {
  if (!appClient) {
    appClient = createApolloClient();
    forgetPreviousUsers(appClient);
  }
  return appClient;
}

/** The household switcher in the navbar, for a signed-in person only. */
function SignedInSwitcher() {
  const signedIn = useSyncExternalStore(
    sessionStore.subscribe,
    () => (sessionStore.getState().auth?.uid ?? 0) > 0,
  );
  return signedIn ? <HouseholdSwitcherSlot /> : null;
}

function WithAppClient() {
  const client = getAppClient();
  useSessionCache(client);
  return (
    <ApolloProvider client={client}>
      <Outlet />
      <SignedInSwitcher />
    </ApolloProvider>
  );
}

/**
 * The routes that talk to the API sit under this element, which is loaded lazily so that the landing
 * page needs no Apollo Client. A provider already above (tests) is used as is.
 */
export default function ApolloRoot() {
  const existing = useContext(getApolloContext()).client;
  const [outer] = useState(existing);
  if (outer) return <Outlet />;
  return <WithAppClient />;
}
