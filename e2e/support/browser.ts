import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');
export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/** Debian's Chromium, headless, with no background traffic (the machine's network is closed). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    timezoneId: 'America/New_York',
    locale: 'en-US',
    // Bootstrap then skips its fades, so photos and clicks never land mid-transition.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page };
}

/** A full-page photo, or the viewport alone (`fullPage: false`, e.g. with a modal open). */
const FULL_PAGE_STYLE = '.tn-in-turn { content-visibility: visible !important; }';

export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9-]+/gi, '-')}.png`);
  // A whole-page photograph shows the dashboard's sections below the screen as a person scrolling
  // sees them: the browser skips drawing them while they are off screen (content-visibility).
  await page.screenshot({ path: file, fullPage, style: FULL_PAGE_STYLE });
  return file;
}

/**
 * Runs one named step of a journey; when it fails, says which step and saves a screenshot of the
 * moment, so a red CI run shows what the person would have seen.
 */
export async function step<T>(
  page: Page,
  journey: string,
  name: string,
  action: () => Promise<T>,
): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const file = await screenshot(page, `FAILED-${journey}-${name}`).catch(() => 'no screenshot');
    throw new Error(
      `Journey "${journey}" failed at step "${name}" (screenshot: ${file}): ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
}
