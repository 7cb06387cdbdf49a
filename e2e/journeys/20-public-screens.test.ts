import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../support/browser';
import { JOURNEY_TIMEOUT_MS, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

/** Every screen a visitor can reach without an account, with its level-1 heading. */
const PUBLIC_SCREENS = [
  { name: 'landing', path: '/', heading: 'Personal Financial Tracking Software' },
  { name: 'faq', path: '/#/commonquestions', heading: 'Frequently Asked Questions' },
  { name: 'login', path: '/#/loginhome', heading: 'Login to your account' },
  { name: 'register', path: '/#/createaccount', heading: 'Create your account' },
  { name: 'reset-password', path: '/#/resetpassword', heading: /./ },
  { name: 'contact', path: '/#/contactus', heading: /./ },
] as const;

// The visual system follows the system's colour setting: each public screen is photographed at
// 375 and 1280 px in light and in dark mode, and axe checks contrast (and the rest) in both.
for (const colorScheme of ['light', 'dark'] as const) {
  test(`every public screen reads well in ${colorScheme} mode on a phone and a desktop`, async () => {
    const journey = await env.start(`public-${colorScheme}`);
    await journey.page.emulateMedia({ colorScheme });
    for (const screen of PUBLIC_SCREENS) {
      await journey.step(`open ${screen.name}`, async () => {
        await journey.page.goto(screen.path);
        await journey.page.getByRole('heading', { level: 1, name: screen.heading }).first().waitFor();
      });
      await journey.screen(screen.name);
    }
    await journey.step('a pricing card leads to registration with its plan chosen', async () => {
      const { page } = journey;
      await page.goto('/');
      await page.getByRole('link', { name: 'Start free trial: Pay quarterly' }).click();
      await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
      assert.ok(await page.getByLabel(/Pay quarterly/).isChecked());
      assert.ok(!(await page.getByLabel(/Pay yearly/).isChecked()));
    });
    await journey.finish();
  });
}

// Issue #20, "loads at once": the build renders the landing page and the FAQ into index.html, the
// browser paints them before any JavaScript runs; a few lines of inlined script make them usable,
// and the application, once it runs, shows them from the same HTML (never hydrating anything).
test(
  'the landing page and the FAQ arrive rendered and come alive without a hydration error',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const { app, browser } = env;
    const html = await (await fetch(app.url)).text();
    assert.match(html, /<div id="root" data-prerendered="\/">[\s\S]*Personal Financial Tracking Software/);
    assert.match(html, /<template id="tn-prerendered:\/commonquestions">[\s\S]*Frequently Asked Questions/);
    const csp = (await fetch(app.url)).headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    assert.match(scriptSrc, /'sha256-/);
    assert.doesNotMatch(scriptSrc, /unsafe-inline/, 'inline scripts run by their hashes only');

    // Without JavaScript the public pages are still there to read.
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: app.url });
    const still = await noScript.newPage();
    await still.goto('/');
    await still.getByRole('heading', { level: 1, name: 'Personal Financial Tracking Software' }).waitFor();
    await noScript.close();

    const journey = await env.start('prerendered');
    const { page } = journey;
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    await journey.step(
      'the FAQ opened directly is the FAQ from the first paint, and its answers open',
      async () => {
        await page.goto('/#/commonquestions');
        await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
        await page.waitForLoadState('networkidle');
        const question = page.getByRole('button', { name: 'What is a wallet?' });
        await question.click();
        await page.getByText('A wallet is any place you keep spendable money').waitFor({ state: 'visible' });
        assert.equal(await question.getAttribute('aria-expanded'), 'true');
      },
    );
    await journey.step('a page that is not prerendered never shows the landing page first', async () => {
      await page.goto('about:blank'); // a fresh load, not a change of fragment in the same page
      await page.goto('/#/loginhome');
      assert.equal(await page.locator('#root').getAttribute('data-prerendered'), '');
      await page.getByRole('heading', { level: 1, name: 'Login to your account' }).waitFor();
    });
    await journey.step("the landing page's links route in the page", async () => {
      await page.goto('about:blank');
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await page.getByRole('link', { name: 'FAQ' }).click();
      await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    });
    assert.deepEqual(problems, [], 'no hydration mismatch, CSP refusal or other console error');
    await journey.finish();
  },
);

// A visitor on a slow phone may tap a link of the painted page at once, before anything of the
// application was fetched: the public pages run without it (app/publicPages.ts), and a link out of
// them must start it and open its page. The tap here comes as the document finishes parsing.
test(
  'a link followed as the landing page comes alive opens its page, with no hydration error',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('prerendered-race');
    const { page } = journey;
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        setTimeout(() => {
          window.location.hash = '#/loginhome';
        }, 0);
      });
    });
    await journey.step('the landing page, and at once a tap on its login link', async () => {
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Login to your account' }).waitFor();
      await page.waitForLoadState('networkidle');
    });
    await journey.step(
      'back to the landing page and to the FAQ, then Register, with the application running',
      async () => {
        await page.goto('/#/');
        await page.getByRole('heading', { level: 1, name: 'Personal Financial Tracking Software' }).waitFor();
        await page.goto('/#/commonquestions');
        await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
      },
    );
    assert.deepEqual(problems, [], 'no hydration mismatch or other console error');
    await journey.finish();
  },
);

/** Computed styles that show what the inlined CSS could get wrong, for every element of the page. */
async function styleSnapshot(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('#root *'), (element) => {
      const style = getComputedStyle(element);
      const after = getComputedStyle(element, '::after');
      return [
        `${element.tagName}.${String(element.getAttribute('class'))}`,
        style.display,
        style.color,
        style.backgroundColor,
        style.backgroundImage,
        style.borderTopColor,
        style.boxShadow,
        style.outlineStyle,
        style.padding,
        style.margin,
        style.font,
        style.width,
        style.height,
        style.transform,
        style.opacity,
        after.backgroundImage,
        after.transform,
      ].join(' | ');
    }),
  );
}

// The public pages fetch no stylesheet: Beasties inlined the rules they use, and the whole
// stylesheet is fetched with the application's code. The inlined rules must cover every state the
// pages' own script gives them, not only the one the build rendered.
test(
  'the public pages need no stylesheet: in every state the inlined rules style them as the whole one does',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('inlined-css');
    const { page } = journey;
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    const settle = () => page.waitForTimeout(400); // past the buttons' 0.15 s transitions
    const states: [string, string, (size: typeof PHONE) => Promise<void>][] = [
      ['/', 'as painted', async () => {}],
      ['/', 'the next slide', async () => page.locator('.carousel-control-next').click()],
      [
        '/',
        'the menu open',
        async (size) => {
          if (size === PHONE) await page.locator('.navbar-toggler').click();
        },
      ],
      ['/', 'a link with the keyboard focus', async () => page.keyboard.press('Tab')],
      // Not a link out of the public pages: the keyboard reaching one fetches the application.
      [
        '/',
        'a slide control with the keyboard focus',
        async () => page.locator('.carousel-control-next').focus(),
      ],
      ['/#/commonquestions', 'as painted', async () => {}],
      [
        '/#/commonquestions',
        'every answer open, the last question focused',
        async () => {
          for (const question of await page.locator('.accordion-button').all()) await question.click();
        },
      ],
    ];
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      for (const [route, state, act] of states) {
        await journey.step(`${route} at ${size.width} px, ${state}`, async () => {
          await page.goto('about:blank');
          await page.goto(route);
          await page.waitForLoadState('networkidle');
          await act(size);
          await settle();
          const inlined = await styleSnapshot(page);
          assert.deepEqual(stylesheets, [], 'a public page fetches no stylesheet');
          // The whole stylesheet, as the application would load it (its address is in <noscript>).
          await page.evaluate(
            () =>
              new Promise((loaded) => {
                const href = /href="([^"]+\.css)"/.exec(document.head.innerHTML)?.[1] ?? '';
                const link = document.createElement('link');
                link.rel = 'stylesheet';
                link.href = href;
                link.onload = link.onerror = loaded;
                document.head.appendChild(link);
              }),
          );
          await settle();
          const whole = await styleSnapshot(page);
          const differing = inlined.filter((line, index) => line !== whole[index]);
          assert.deepEqual(differing, [], 'elements styled otherwise by the whole stylesheet');
          stylesheets.length = 0;
        });
      }
    }
    await journey.finish();
  },
);
