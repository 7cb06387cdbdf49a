import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { createReadyUser, gql } from '../support/api';
import { expectText } from '../support/dashboard';
import { JOURNEY_TIMEOUT_MS, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();
const require = createRequire(import.meta.url);

interface PushModel {
  subscribe(options: { userVisibleOnly: string; applicationServerKey: string }): Promise<{
    endpoint: string;
    keys: { p256dh: string; auth: string };
    clientHash: string;
  }>;
  getNotifications(body: { clientHash: string }): { messages: unknown[] };
}

/** web-push-testing in this process: a push service that checks VAPID and decrypts what it gets. */
async function startPushService(): Promise<{ model: PushModel; close(): Promise<void> }> {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel') as {
    PushApiModel: new () => PushModel;
  };
  const Server = require('web-push-testing/src/server') as new (
    model: PushModel,
    port: number,
  ) => {
    startServer(): void;
    _server: { close(done: () => void): void; once(event: string, done: () => void): void };
  };
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const model = new PushApiModel();
  const server = new Server(model, port);
  const log = console.log;
  console.log = () => {};
  server.startServer();
  await new Promise<void>((resolve) => server._server.once('listening', resolve));
  console.log = log;
  return { model, close: () => new Promise((resolve) => server._server.close(() => resolve())) };
}

test(
  'push notifications: turned on from Reminders, a test push decrypted by the push service, a push shown by the service worker',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const push = await startPushService();
    const journey = await env.start('j32-push');
    const { page, app, context } = journey;
    try {
      const user = await createReadyUser(app, 'pusher', { firstName: 'Pia', lastName: 'Push' });
      await context.grantPermissions(['notifications'], { origin: app.url });

      await journey.step('sign in and open Reminders', async () => {
        await journey.signIn(user);
        await page.getByRole('link', { name: 'Manage Account' }).click();
        await page.getByRole('heading', { name: 'Notifications on this device' }).waitFor();
      });

      let clientHash = '';
      await journey.step('turn notifications on: the browser subscribes (the mock supplies it)', async () => {
        // Headless Chromium reaches no real push service offline: the browser's subscribe answers the
        // push service mock's subscription, made for TrueNet's own public key.
        const { pushPublicKey: publicKey } = await gql<{ pushPublicKey: string }>(
          app,
          'PushSetup',
          {},
          user.token,
        );
        assert.match(publicKey, /^[A-Za-z0-9_-]{87}$/);
        const subscription = await push.model.subscribe({
          userVisibleOnly: 'true',
          applicationServerKey: publicKey,
        });
        clientHash = subscription.clientHash;
        // A script of text: tsx's helpers in a compiled function would not exist in the page.
        await page.evaluate(`(() => {
          const given = ${JSON.stringify({ endpoint: subscription.endpoint, keys: subscription.keys })};
          PushManager.prototype.subscribe = async function () {
            return { endpoint: given.endpoint, toJSON() { return given; } };
          };
        })()`);
        await page.getByRole('button', { name: 'Turn on notifications on this device' }).click();
        await expectText(
          page.locator('body'),
          'Notifications are on for this device. Send a test to see one.',
        );
        await journey.screen('notifications-on');
      });

      await journey.step('send a test: the push service decrypts it', async () => {
        await page.getByRole('button', { name: /^Send a test to / }).click();
        await expectText(page.locator('body'), 'Test sent: it should appear on the device in a moment.');
        const { messages } = push.model.getNotifications({ clientHash });
        assert.equal(messages.length, 1);
        assert.deepEqual(
          { ...(JSON.parse(String(messages[0])) as Record<string, unknown>), url: undefined },
          { title: 'TrueNet', body: 'Notifications work on this device.', tag: 'test', url: undefined },
        );
      });

      await journey.step('a push delivered to the service worker shows as a notification', async () => {
        const devtools = await context.newCDPSession(page);
        const registration = new Promise<string>((resolve) => {
          devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
            const active = registrations.find((entry: { isDeleted: boolean }) => !entry.isDeleted);
            if (active) resolve(active.registrationId as string);
          });
        });
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await devtools.send('ServiceWorker.enable');
        const registrationId = await registration;
        await devtools.send('ServiceWorker.deliverPushMessage', {
          origin: new URL(app.url).origin,
          registrationId,
          data: JSON.stringify({
            title: 'Riverside Power is due tomorrow',
            body: 'Open TrueNet',
            url: '/#/userhome',
            tag: 'j32',
          }),
        });
        const titles = await page.evaluate(async () => {
          const ready = await navigator.serviceWorker.ready;
          for (let attempt = 0; attempt < 50; attempt += 1) {
            const shown = await ready.getNotifications();
            if (shown.length > 0) return shown.map((notification) => notification.title);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          return [];
        });
        assert.deepEqual(titles, ['Riverside Power is due tomorrow']);
      });

      await journey.finish();
    } finally {
      await push.close();
    }
  },
);
