import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, newPage, PHONE, screenshot, step } from '../support/browser';
import { JOURNEY_TIMEOUT_MS, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

test(
  'the landing page greets a visitor on a phone and a desktop',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    for (const [label, viewport] of [
      ['375', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      const { context, page } = await newPage(env.browser, env.app.url, viewport);
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
  },
);
