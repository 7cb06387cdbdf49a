import type { Locator, Page } from 'playwright-core';

/** Locators for the dashboard, by the names a person sees. */

export async function openTab(
  page: Page,
  name: 'Analysis' | 'Manage Income' | 'Manage Expenses' | 'Manage Wallets',
): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tabpanel', { name }).waitFor();
}

export function tabPanel(page: Page, name: string): Locator {
  return page.getByRole('tabpanel', { name });
}

export function dialog(page: Page, title: string | RegExp): Locator {
  return page.getByRole('dialog', { name: title });
}

/** The value beside a label of the Cash Flow Snapshot. */
export function snapshotValue(page: Page, label: string): Locator {
  return page
    .getByRole('tabpanel', { name: 'Analysis' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** A card of the analysis tab ('Last Income Received', 'Obligations Due By …', …). */
export function analysisCard(page: Page, title: string | RegExp): Locator {
  return page.getByRole('tabpanel', { name: 'Analysis' }).getByRole('region', { name: title });
}

/** The row of a table whose text contains `text`. */
export function rowWith(scope: Locator, text: string): Locator {
  return scope.getByRole('row').filter({ hasText: text });
}

/** The text of a money field the way the app formats it, e.g. 2500 → '$2,500.00'. */
export function money(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}$${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * Waits until `text` shows inside `scope`. Tables repeat some values for phones (a date under the
 * name), hidden at other widths: only the visible copy counts.
 */
export async function expectText(scope: Locator, text: string | RegExp): Promise<void> {
  await scope.getByText(text).filter({ visible: true }).first().waitFor();
}
