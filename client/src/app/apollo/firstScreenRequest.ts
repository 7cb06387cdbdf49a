import type { ApolloClient } from '@apollo/client';

/**
 * The dashboard's first-screen request in flight, per client (useFirstScreen.ts). Kept apart from the
 * dashboard's code so that the navbar's parts, drawn on every page, can wait for what that request
 * brings instead of asking the server for it a second time.
 */
const inFlight = new WeakMap<ApolloClient, Promise<unknown>>();

export function firstScreenRequest(client: ApolloClient): Promise<unknown> | undefined {
  return inFlight.get(client);
}

/** Makes `request` the client's first-screen request until it settles; returns it. */
export function trackFirstScreenRequest<T>(client: ApolloClient, request: Promise<T>): Promise<T> {
  const tracked = request.finally(() => inFlight.delete(client));
  inFlight.set(client, tracked);
  return tracked;
}
