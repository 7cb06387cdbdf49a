import { ApolloLink, type ApolloClient, type OperationVariables } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import type { DocumentNode } from 'graphql';
import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import {
  DashboardAheadDocument,
  DashboardAnalysisDocument,
  DashboardBankNoticesDocument,
  DashboardFirstScreenDocument,
  DashboardViewerDocument,
  DashboardWalletsDocument,
  FirstRunCountsDocument,
  type DashboardFirstScreenQuery,
} from '../../gql/graphql';
import { sessionListsWritten } from '../../app/apollo/useSessionCache';
import { firstScreenRequest, trackFirstScreenRequest } from '../../app/apollo/firstScreenRequest';
import { writeInParts } from '../../app/apollo/writeInParts';
import { nextTask } from '../../kit/nextTask';
import { dataOf } from '../../app/session/authApi';
import {
  EARLY_FIRST_SCREEN_KEY,
  takeFromPage,
  type EarlyFirstScreen,
} from '../../app/session/graphQLRequest';
import { browserTimeZone } from '../../kit/dates';
import { analysisVariables, forecastVariables } from '../analysis/analysisVariables';
import { tabHousehold } from '../../app/session/tabHousehold';

/** The clients that have had the first screen answered at least once (by loadFirstScreen). */
const answered = new WeakSet<ApolloClient>();

/**
 * Whether the dashboard's first screen is already in the cache (a return visit): no wait then.
 * Not read on a page's first visit: the cache cannot hold it yet, and the first read of a document
 * this large costs a phone a long task.
 */
function cached(client: ApolloClient, timeZone: string): boolean {
  return (
    answered.has(client) &&
    client.readQuery({ query: DashboardFirstScreenDocument, variables: { timeZone } }) !== null
  );
}

/** The first screen's request, one in flight per client (StrictMode renders twice in development). */
function loadFirstScreen(client: ApolloClient, timeZone: string): Promise<unknown> {
  return (
    firstScreenRequest(client) ??
    trackFirstScreenRequest(
      client,
      requestFirstScreen(client, timeZone).then((data) => {
        answered.add(client);
        sessionListsWritten(client);
        // A new tab keeps the household its dashboard was answered for, from this same answer.
        tabHousehold.adopt(data.household.id);
      }),
    )
  );
}

/**
 * Takes over the request index.html's head script sent (takeEarlyFirstScreen), or asks through the
 * client's links (the session's token and its refresh, the household, the trusted document's
 * hash); never through `client.query`: that would prepare the whole document for the cache,
 * normalize the whole answer and read it back, each in one long task. The answer is written in
 * parts instead (writeInParts), and the parts read what they show as they render.
 */
async function requestFirstScreen(
  client: ApolloClient,
  timeZone: string,
): Promise<DashboardFirstScreenQuery> {
  // Each part's query watched in a task of its own while the answer is on its way (partsReads). A
  // head start only: whatever goes wrong in it is left for the part's own query to meet.
  const watched = partsReads(timeZone).map((read) =>
    nextTask()
      .then(() => client.watchQuery(read))
      .catch(() => undefined),
  );
  const variables = { timeZone };
  const query = DashboardFirstScreenDocument;
  const early = takeEarlyFirstScreen();
  const data = (early && (await early.catch(() => null))) ?? (await askThroughLinks(client, timeZone));
  await writeInParts(client.cache, query, variables, data);
  for (const part of watched) {
    await nextTask();
    try {
      (await part)?.getCurrentResult();
    } catch {
      // The part's own read meets it, and says so.
    }
  }
  return data;
}

/**
 * The first screen index.html's head script asked for with the silent refresh (in this browser's
 * zone, the `timeZone` the page asks in), taken once: null when it asked for none. Refused or left
 * out of the refresh's answer, it rejects, and the caller asks through the links instead.
 */
function takeEarlyFirstScreen(): Promise<DashboardFirstScreenQuery> | null {
  const early = takeFromPage<EarlyFirstScreen>(EARLY_FIRST_SCREEN_KEY);
  // For the page load's own first screen: a dashboard first drawn long after (the page had gone
  // elsewhere first) asks for today's figures anew.
  if (!early || Date.now() - early.sentAt > EARLY_FIRST_SCREEN_FRESH_MS) return null;
  return early.answer.then((answer) => dataOf<DashboardFirstScreenQuery>(answer));
}

/** How long the head script's first screen stays the page's own. */
const EARLY_FIRST_SCREEN_FRESH_MS = 60_000;

/** The first screen asked for through the client's links (their token refresh and retries). */
async function askThroughLinks(client: ApolloClient, timeZone: string): Promise<DashboardFirstScreenQuery> {
  // Sent as generated, not first given the cache's type names (a walk over the whole document): it
  // goes by its hash, and the server answers every trusted document with its type names.
  const operation = { query: DashboardFirstScreenDocument, variables: { timeZone } };
  const result = await firstValueFrom(ApolloLink.execute(client.link, operation, { client }));
  const data = result.data as DashboardFirstScreenQuery | null | undefined;
  if (!data || result.errors?.length) throw new Error('The first screen was not answered whole');
  return data;
}

/**
 * The queries the first screen's parts watch as they mount, with the variables they give them
 * (UserHomePage, AnalysisTab, FirstRunGuide, BankNotices). A part's first watch of a
 * document prepares it (Apollo's transforms and walks over it), and its first read builds the
 * result from the cache: both inside the part's render, which React cannot split, 5-15 ms each on
 * a fast machine and ten times that on a cheap phone. Done first, a query per task (watched while
 * the page waits for the answer anyway, read once it is written), the parts find both ready. The
 * observables are never subscribed (nothing is fetched) and are dropped after. A part that asks
 * otherwise only misses this head start.
 */
export function partsReads(timeZone: string): { query: DocumentNode; variables?: OperationVariables }[] {
  return [
    { query: DashboardViewerDocument },
    { query: DashboardWalletsDocument },
    { query: DashboardAnalysisDocument, variables: analysisVariables(null, timeZone) },
    { query: DashboardAheadDocument, variables: forecastVariables(timeZone) },
    { query: FirstRunCountsDocument },
    { query: DashboardBankNoticesDocument },
  ];
}

/**
 * Loads everything the dashboard's first render reads in one request, and says when the page may
 * draw it. Each part still watches its own query; this one fills the cache under the same fields
 * first, so those parts find their answers there and the page appears once, in place, instead of
 * in a dozen answers that each push the rest down. A failed load draws the page anyway: each part
 * then asks for its own data and says what went wrong, as before.
 */
export function useFirstScreen(): { ready: boolean; fresh: boolean } {
  const client = useApolloClient();
  const timeZone = browserTimeZone();
  const [state, setState] = useState(() => ({ ready: cached(client, timeZone), fresh: false }));
  // Sent as the page first renders, not after its first paint: the request is what the page waits for.
  const [request] = useState(() => (state.ready ? null : loadFirstScreen(client, timeZone)));
  useEffect(() => {
    if (!request) return undefined;
    let current = true;
    // With every part's answer in the cache the page is drawn as a transition: React draws it in
    // slices between which the browser can answer a tap, instead of in one long task a phone would
    // feel. Not after a failure: then the parts start their own requests as they render, and each
    // answer would interrupt and restart that transition.
    const draw = (fresh: boolean) => {
      if (!current) return;
      if (fresh) startTransition(() => setState({ ready: true, fresh }));
      else setState({ ready: true, fresh });
    };
    request.then(
      () => draw(true),
      () => draw(false),
    );
    return () => {
      current = false;
    };
  }, [request]);
  return state;
}

/**
 * True while the page shows what the first-screen request has just read: parts that otherwise ask
 * the server again on every visit (bank notices) can take the cache's answer this once.
 */
export const FreshFirstScreen = createContext(false);

export function useFreshFirstScreen(): boolean {
  return useContext(FreshFirstScreen);
}
