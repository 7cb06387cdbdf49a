import { createContext, useContext } from 'react';

export type TabKey = 'analysis' | 'income' | 'expenses' | 'wallets';

/** Opens a tab of the dashboard: empty states link to the tab whose action they name. */
export const OpenTabContext = createContext<(tab: TabKey) => void>(() => undefined);

export function useOpenTab(): (tab: TabKey) => void {
  return useContext(OpenTabContext);
}
