import type { AppDeps } from '../deps';

/**
 * Per-request DataLoaders for nested relations (one batch query per relation per request).
 * Add a loader here when a type gains a nested field.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Loaders {}

export function createLoaders(_deps: AppDeps): Loaders {
  return {};
}
