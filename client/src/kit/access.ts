import { createContext, useContext } from 'react';

/**
 * Whether the subscription allows changing data now (`me.subscription.canWrite`). Reading is always
 * allowed; every control that changes data reads this and disables itself when false.
 */
export const WriteAccessContext = createContext(false);

export function useCanWrite(): boolean {
  return useContext(WriteAccessContext);
}
