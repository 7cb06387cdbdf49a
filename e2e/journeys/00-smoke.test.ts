import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startApp, type RunningApp } from '../support/app-process';
import { DESKTOP, launchBrowser, newPage, PHONE, screenshot, step } from '../support/browser';

let app: RunningApp;
let browser: Browser;

before(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await app?.stop();
});

test('the landing page greets a visitor on a phone and a desktop', async () => {
  for (const [label, viewport] of [
    ['375', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    const { context, page } = await newPage(browser, app.url, viewport);
    await step(page, 'smoke', `landing-${label}`, async () => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Personal Financial Tracking Software' }).waitFor();
      assert.ok(
        await page.getByRole('link', { name: 'Get started with a 7 day free trial' }).first().isVisible(),
      );
      await screenshot(page, `landing-${label}`);
    });
    await context.close();
  }
});
