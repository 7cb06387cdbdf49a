import { AxeBuilder } from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startApp, type RunningApp, type StartOptions } from './app-process';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, step } from './browser';
import type { TestUser } from './api';
import { scrollPastWaitingSections } from './dashboard';

/** Each journey's own limit; on Node 20 --test-timeout bounds the whole file (ends it with SIGTERM). */
export const JOURNEY_TIMEOUT_MS = 150_000;

const WIDTHS = [
  ['1280', DESKTOP],
  ['375', PHONE],
] as const;

/** What axe found on one screen at one width, by impact. */
export interface AxeRecord {
  journey: string;
  screen: string;
  width: string;
  counts: Record<'critical' | 'serious' | 'moderate' | 'minor', number>;
}

export const axeLog: AxeRecord[] = [];

/** One line per journey: how many screens axe checked and what it found below 'serious'. */
export function printAxeSummary(): void {
  const byJourney = new Map<string, AxeRecord[]>();
  for (const record of axeLog)
    byJourney.set(record.journey, [...(byJourney.get(record.journey) ?? []), record]);
  for (const [journey, records] of byJourney) {
    const total = (impact: keyof AxeRecord['counts']) =>
      records.reduce((sum, r) => sum + r.counts[impact], 0);
    console.log(
      `axe ${journey}: ${records.length} checks (screens × widths); critical ${total('critical')}, serious ${total(
        'serious',
      )}, moderate ${total('moderate')}, minor ${total('minor')}`,
    );
  }
}

/** The app and the browser one journey file shares, with a way to start a journey in them. */
export interface JourneyEnvironment {
  readonly app: RunningApp;
  readonly browser: Browser;
  /** A new journey named `name` (screenshots `<name>-…`) in its own browser context. */
  start(name: string): Promise<Journey>;
}

/**
 * Registers the file's node:test hooks: before its tests, starts the app on a fresh database and
 * launches the browser; after them, prints the axe summary and closes both. Call it once, at the
 * top of a journey file; `app` and `browser` are there from the first test on.
 */
export function useJourneyEnvironment(options: StartOptions = {}): JourneyEnvironment {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  before(
    async () => {
      app = await startApp(options);
      browser = await launchBrowser();
    },
    { timeout: 90_000 },
  );
  after(async () => {
    printAxeSummary();
    await browser?.close();
    await app?.stop();
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useJourneyEnvironment: the ${what} is not started yet`);
    return value;
  };
  return {
    get app() {
      return ready(app, 'app');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    start: (name) => Journey.start(ready(browser, 'browser'), ready(app, 'app'), name),
  };
}

/**
 * A person's walk through the app in one browser context: named steps (a failure names the step and
 * saves a screenshot) and `screen()`, which photographs the current screen at 1280 and 375 px and
 * checks it with axe at both widths (0 serious or critical violations).
 */
export class Journey {
  readonly pageErrors: string[] = [];

  private constructor(
    readonly name: string,
    readonly app: RunningApp,
    readonly context: BrowserContext,
    readonly page: Page,
  ) {
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
  }

  static async start(browser: Browser, app: RunningApp, name: string): Promise<Journey> {
    const { context, page } = await newPage(browser, app.url, DESKTOP);
    return new Journey(name, app, context, page);
  }

  step<T>(name: string, action: () => Promise<T>): Promise<T> {
    return step(this.page, this.name, name, action);
  }

  /** Screenshots `<journey>-<screen>-<width>.png` at both widths and runs axe at each. */
  async screen(screenName: string): Promise<void> {
    const original = this.page.viewportSize() ?? DESKTOP;
    // The whole page in the photos and under axe: the sections drawn as they come near included.
    if ((await this.page.locator('.modal.show').count()) === 0) await scrollPastWaitingSections(this.page);
    try {
      for (const [label, viewport] of WIDTHS) {
        await this.page.setViewportSize(viewport);
        await settle(this.page);
        // A modal is fixed to the viewport: a full-page photo would show the page below it unshaded.
        const modalOpen = (await this.page.locator('.modal.show').count()) > 0;
        await screenshot(this.page, `${this.name}-${screenName}-${label}`, !modalOpen);
        await this.checkAccessibility(screenName, label);
      }
    } catch (error) {
      await this.page.setViewportSize(original).catch(() => {}); // keep the first error
      throw error;
    }
    await this.page.setViewportSize(original);
  }

  private async checkAccessibility(screenName: string, width: string): Promise<void> {
    // Legacy mode runs axe inside the page alone (no extra blank page per run): about twice as fast.
    const results = await new AxeBuilder({ page: this.page }).setLegacyMode(true).analyze();
    const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
    for (const violation of results.violations) {
      const impact = violation.impact ?? 'minor';
      counts[impact] += violation.nodes.length;
    }
    axeLog.push({ journey: this.name, screen: screenName, width, counts });
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    if (blocking.length === 0) return;
    const details = blocking
      .map(
        (v) =>
          `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
          v.nodes
            .map((n) => `      ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`)
            .join('\n'),
      )
      .join('\n');
    throw new Error(
      `axe found serious or critical violations on "${screenName}" at ${width} px:\n${details}`,
    );
  }

  /** Signs in through the login screen and waits for the dashboard heading. */
  async signIn(user: Pick<TestUser, 'userName' | 'password' | 'firstName' | 'lastName'>): Promise<void> {
    const { page } = this;
    await submitLogin(page, user.userName, user.password);
    await dashboardHeading(page, user).waitFor();
    await page.getByRole('heading', { name: /^Income and Liability Analysis For / }).waitFor();
  }

  /** Signs in with the keyboard alone: type, Tab to the Login button, Enter. */
  async signInWithKeyboard(
    user: Pick<TestUser, 'userName' | 'password' | 'firstName' | 'lastName'>,
  ): Promise<void> {
    const { page } = this;
    await page.goto('/#/loginhome');
    await page.getByRole('heading', { name: 'Login to your account' }).waitFor();
    await tabTo(page, page.getByLabel('Username'));
    await page.keyboard.type(user.userName);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(user.password);
    await tabTo(page, page.getByRole('button', { name: 'Login', exact: true }));
    await page.keyboard.press('Enter');
    await dashboardHeading(page, user).waitFor();
    await page.getByRole('heading', { name: /^Income and Liability Analysis For / }).waitFor();
  }

  async close(): Promise<void> {
    await this.context.close();
  }

  /** The journey's end: no uncaught errors in the page, then its browser context closes. */
  async finish(): Promise<void> {
    assert.deepEqual(this.pageErrors, [], 'no uncaught errors in the page');
    await this.close();
  }
}

/** Fills the login form on the screen and presses Login (whatever the outcome). */
export async function fillLogin(page: Page, userName: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Opens the login screen, fills it and presses Login (whatever the outcome). */
export async function submitLogin(page: Page, userName: string, password: string): Promise<void> {
  await page.goto('/#/loginhome');
  await page.getByRole('heading', { name: 'Login to your account' }).waitFor();
  await fillLogin(page, userName, password);
}

/** Fills the 'Create your account' form with `person` (the plan is left as it is; nothing is sent). */
export async function fillSignUp(page: Page, person: Omit<TestUser, 'uid' | 'token'>): Promise<void> {
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('User Name').fill(person.userName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm Password').fill(person.password);
}

export function dashboardHeading(page: Page, user: Pick<TestUser, 'firstName' | 'lastName'>): Locator {
  return page.getByRole('heading', { level: 1, name: `${user.firstName} ${user.lastName}` });
}

/**
 * Presses Tab (no mouse) until `target` has the focus; fails when it is not reachable within
 * `maxPresses`, which means it is out of the keyboard's reach.
 */
export async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<void> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error('tabTo: the target is not in the page');
  for (let presses = 0; presses <= maxPresses; presses++) {
    if (await handle.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`tabTo: not reached with ${maxPresses} presses of Tab`);
}

/** Lets layout, fonts and any transition settle before a photo. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  // Bootstrap's fades (modals, tabs, alerts) finish within 300 ms; reduced motion makes most instant.
  await page.waitForTimeout(150);
}
