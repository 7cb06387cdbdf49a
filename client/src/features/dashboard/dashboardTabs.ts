import { createContext, useContext } from 'react';

export type TabKey = 'analysis' | 'spending' | 'reports' | 'income' | 'expenses' | 'wallets';

/** The dashboard's tabs, in order, with their titles. */
export const DASHBOARD_TABS: readonly { key: TabKey; title: string }[] = [
  { key: 'analysis', title: 'Analysis' },
  { key: 'spending', title: 'Spending' },
  { key: 'reports', title: 'Reports' },
  { key: 'income', title: 'Manage Income' },
  { key: 'expenses', title: 'Manage Expenses' },
  { key: 'wallets', title: 'Manage Wallets' },
];

/** Opens a tab of the dashboard: empty states link to the tab whose action they name. */
export const OpenTabContext = createContext<(tab: TabKey) => void>(() => undefined);

export function useOpenTab(): (tab: TabKey) => void {
  return useContext(OpenTabContext);
}
