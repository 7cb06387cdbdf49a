import { ROUTES } from '../../app/routing/paths';

/** Manage Account's named sections, in page order; each has an address that survives a refresh and the sign-in redirect. */
export const ACCOUNT_SECTIONS = [
  { key: 'profile', label: 'Profile' },
  { key: 'security', label: 'Security' },
  { key: 'subscription', label: 'Subscription' },
  { key: 'household', label: 'Household' },
  { key: 'notifications', label: 'Notifications' },
  { key: 'calendar', label: 'Calendar' },
  { key: 'bank-connections', label: 'Bank connections' },
  { key: 'categories', label: 'Categories' },
  { key: 'api-tokens', label: 'API tokens' },
  { key: 'your-data', label: 'Your data' },
] as const;

export type AccountSectionKey = (typeof ACCOUNT_SECTIONS)[number]['key'];

export function accountSectionPath(key: AccountSectionKey): string {
  return `${ROUTES.manageaccount}?section=${key}`;
}

export function isAccountSection(value: string | null): value is AccountSectionKey {
  return ACCOUNT_SECTIONS.some((section) => section.key === value);
}

/** The element id of a section's wrapper. */
export const sectionId = (key: AccountSectionKey) => `section-${key}`;
