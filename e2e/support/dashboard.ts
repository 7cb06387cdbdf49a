import type { Locator, Page } from 'playwright-core';

/** Locators for the dashboard, by the names a person sees. */

export async function openTab(
  page: Page,
  name: 'Analysis' | 'Spending' | 'Reports' | 'Manage Income' | 'Manage Expenses' | 'Manage Wallets',
): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tabpanel', { name }).waitFor();
}

/**
 * The Analysis' sections below its hero, drawn or waiting in their places: only the application's
 * own Analysis has them (index.html's early numbers show a hero alone).
 */
export function analysisSections(page: Page): Locator {
  return page.locator('#dashboard-tabs-tabpane-analysis').locator('.tn-in-turn, .tn-in-turn-place');
}

/**
 * Scrolls down the Analysis to its end, as a person reading it through would, until every section
 * drawn as it comes near the screen is there; then back to where the page was. Its sections below
 * the first screen are not on the page before.
 */
export async function readWholeAnalysis(page: Page): Promise<void> {
  await analysisSections(page).first().waitFor({ state: 'attached' });
  await scrollPastWaitingSections(page);
}

/**
 * Scrolls each place a section waits in (InTurn) into view in turn, until none is left on screen,
 * and back: on any page, whatever it shows. Each is drawn within frames of coming near.
 */
export async function scrollPastWaitingSections(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const start = window.scrollY;
    for (;;) {
      // Only those laid out: a tab not open keeps its sections' places out of the layout.
      const place = [...document.querySelectorAll('.tn-in-turn-place')].find(
        (element) => element.getClientRects().length,
      );
      if (!place) break;
      place.scrollIntoView({ block: 'end' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    window.scrollTo(0, start);
  });
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

/**
 * How many pixels of the forecast chart's canvas are drawn in the theme's danger colour: the part of
 * a balance line below zero (and the rings of bills). Waits for the chart to redraw first.
 */
export async function dangerPixels(page: Page): Promise<number> {
  await page.waitForTimeout(100);
  return page.evaluate(() => {
    const frame = document.querySelector('.tn-chart');
    const canvas = frame?.querySelector('canvas');
    const context = canvas?.getContext('2d');
    if (!frame || !canvas || !context) return 0;
    // The theme's colour as the canvas sees it: resolved through a probe element to rgb().
    const probe = document.createElement('span');
    probe.style.color = 'var(--bs-danger)';
    frame.append(probe);
    const [r, g, b] = (getComputedStyle(probe).color.match(/\d+/g) ?? []).map(Number);
    probe.remove();
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let at = 0; at < data.length; at += 4) {
      const near =
        Math.abs(data[at]! - r!) < 24 &&
        Math.abs(data[at + 1]! - g!) < 24 &&
        Math.abs(data[at + 2]! - b!) < 24;
      if (near && data[at + 3]! > 200) count += 1;
    }
    return count;
  });
}
