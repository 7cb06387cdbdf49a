import { InMemoryCache } from '@apollo/client';

/**
 * The client's cache. A forecast has no id of its own, so the hero's figures and the chart's days,
 * asked for by two queries under the same field, would each replace the other's object: merged
 * instead, each query finds its fields whichever was answered last.
 */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      BalanceForecast: { merge: true },
    },
  });
}
