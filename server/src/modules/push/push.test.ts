import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDataSource } from '../../db/data-source';
import { queryOne, queryRows } from '../../db/sql';
import type { AppDeps } from '../../deps';
import { TEST_DB_ENV } from '../../test/test-database';
import { deliverReminderPushes, PushesToRetry } from './reminder-push';
import { startPushServiceDouble, type PushServiceDouble } from '../../test/push-service-double';
import { startCuttableProxy } from '../../test/cuttable-proxy';
import type { TestApp } from '../../test/harness';
import { errorCode, newUser, ok, startFinanceApp, type TestUser } from '../../test/finance';

/**
 * Push devices against web-push-testing (a push service mock that checks the VAPID signature and
 * decrypts the payload): the shared public key, registering, a test push read back decrypted, a
 * device the service calls gone removed, bad endpoints, and another person's device NOT_FOUND.
 */
const DEVICE = 'id name createdAt lastSuccessAt';

let t: TestApp;
let push: PushServiceDouble;
beforeAll(async () => {
  push = await startPushServiceDouble();
  t = await startFinanceApp();
});
afterAll(async () => {
  await t.close();
  await push.close();
});

async function publicKey(user: TestUser) {
  return ok(await t.gql<{ pushPublicKey: string }>('query { pushPublicKey }', {}, { token: user.token }))
    .pushPublicKey;
}

/** A device subscribed at the push service; `endpointOf` may route its endpoint through a proxy. */
async function subscribedDevice(
  user: TestUser,
  name = 'Ada’s phone',
  endpointOf: (endpoint: string) => string = (endpoint) => endpoint,
) {
  const subscription = await push.model.subscribe({
    // As a browser's form post sends it.
    userVisibleOnly: 'true',
    applicationServerKey: await publicKey(user),
  });
  const device = ok(
    await t.gql<{ registerPushDevice: { id: string; name: string } }>(
      `mutation($input: PushDeviceInput!) { registerPushDevice(input: $input) { ${DEVICE} } }`,
      { input: { endpoint: endpointOf(subscription.endpoint), ...subscription.keys, name } },
      { token: user.token },
    ),
  ).registerPushDevice;
  return { device, clientHash: subscription.clientHash };
}

function testPush(user: TestUser, id: string) {
  return t.gql<{ sendTestPush: boolean }>(
    'mutation($id: ID!) { sendTestPush(id: $id) }',
    { id },
    { token: user.token },
  );
}

describe('push devices', () => {
  it('answers one public key for everyone, the same after a restart', async () => {
    const [a, b] = [await newUser(t), await newUser(t)];
    const key = await publicKey(a);
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await publicKey(b)).toBe(key);
    const again = await startFinanceApp();
    try {
      expect(
        ok(await again.gql<{ pushPublicKey: string }>('query { pushPublicKey }', {}, { token: a.token }))
          .pushPublicKey,
      ).toBe(key);
    } finally {
      await again.close();
    }
    const stored = await queryRows<{ private_sealed: string }>(
      t.deps.dataSource,
      "SELECT private_sealed FROM app_key WHERE name = 'vapid'",
    );
    expect(stored[0]?.private_sealed).toMatch(/^v1\./);
  });

  it('sends a test push the service decrypts, signed with the key, and records the success', async () => {
    const user = await newUser(t);
    const { device, clientHash } = await subscribedDevice(user);
    expect(device.name).toBe('Ada’s phone');
    expect(ok(await testPush(user, device.id)).sendTestPush).toBe(true);
    const { messages } = push.model.getNotifications({ clientHash });
    expect(messages).toHaveLength(1);
    expect(JSON.parse(String(messages[0]))).toMatchObject({
      title: 'TrueNet',
      body: 'Notifications work on this device.',
    });
    const listed = ok(
      await t.gql<{ pushDevices: { id: string; lastSuccessAt: string | null }[] }>(
        `query { pushDevices { ${DEVICE} } }`,
        {},
        { token: user.token },
      ),
    ).pushDevices;
    expect(listed).toEqual([expect.objectContaining({ id: device.id, lastSuccessAt: expect.any(String) })]);
    expect(JSON.stringify(listed)).not.toContain('notify');
  });

  it('removes a device the push service says is gone', async () => {
    const user = await newUser(t);
    const { device, clientHash } = await subscribedDevice(user);
    push.model.expireSubscription(clientHash);
    const gone = await testPush(user, device.id);
    expect(gone.errors?.[0]?.message).toBe('This device no longer accepts notifications: it was removed');
    expect(
      ok(await t.gql<{ pushDevices: unknown[] }>('query { pushDevices { id } }', {}, { token: user.token }))
        .pushDevices,
    ).toEqual([]);
  });

  it('refuses endpoints that are not https and keys that are not base64url', async () => {
    const user = await newUser(t);
    const register = (input: object) =>
      t.gql(
        `mutation($input: PushDeviceInput!) { registerPushDevice(input: $input) { id } }`,
        { input },
        { token: user.token },
      );
    expect(
      (await register({ endpoint: 'http://push.example/x', p256dh: 'abc', auth: 'def' })).errors?.[0]
        ?.message,
    ).toBe('Push endpoints must use https');
    expect(
      (await register({ endpoint: 'https://push.example/x', p256dh: 'not base64!', auth: 'def' })).errors?.[0]
        ?.message,
    ).toBe('The subscription keys are not valid');
  });

  it('refuses base64url keys that are not a P-256 point and a 16-byte secret', async () => {
    const user = await newUser(t);
    const { keys } = await push.model.subscribe({
      userVisibleOnly: 'true',
      applicationServerKey: await publicKey(user),
    });
    const register = (p256dh: string, auth: string) =>
      t.gql(
        `mutation($input: PushDeviceInput!) { registerPushDevice(input: $input) { id } }`,
        { input: { endpoint: 'https://push.example/x', p256dh, auth } },
        { token: user.token },
      );
    const notOnTheCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    for (const [p256dh, auth] of [
      ['AAAA', keys.auth],
      [notOnTheCurve, keys.auth],
      [keys.p256dh, 'AAAA'],
    ]) {
      expect((await register(p256dh!, auth!)).errors?.[0]?.message).toBe(
        'The subscription keys are not valid',
      );
    }
    expect((await register(keys.p256dh, keys.auth)).errors).toBeUndefined();
  });

  it('removes a stored device whose keys nothing can be encrypted to, with a clear answer (never a 500)', async () => {
    const user = await newUser(t);
    const [row] = await queryRows<{ id: string }>(
      t.deps.dataSource,
      `INSERT INTO push_device (debtor_id, endpoint, p256dh, auth, name) VALUES ($1, 'https://push.example/old', 'AAAA', 'AAAA', 'Old phone') RETURNING id`,
      [user.id],
    );
    const answer = await testPush(user, row!.id);
    expect(answer.errors?.[0]?.message).toBe('This device no longer accepts notifications: it was removed');
    expect(
      ok(await t.gql<{ pushDevices: unknown[] }>('query { pushDevices { id } }', {}, { token: user.token }))
        .pushDevices,
    ).toEqual([]);
  });

  it("answers NOT_FOUND for another person's device", async () => {
    const owner = await newUser(t);
    const other = await newUser(t);
    const { device } = await subscribedDevice(owner);
    expect(errorCode(await testPush(other, device.id))).toBe('NOT_FOUND');
    expect(
      errorCode(
        await t.gql(
          'mutation($id: ID!) { removePushDevice(id: $id) }',
          { id: device.id },
          { token: other.token },
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(
      ok(await t.gql<{ pushDevices: unknown[] }>('query { pushDevices { id } }', {}, { token: owner.token }))
        .pushDevices,
    ).toHaveLength(1);
  });
});

describe('reminders on devices', () => {
  async function reminderFor(user: TestUser, subject = 'Rent is due in 3 days', localDate = '2026-11-16') {
    const row = await queryOne<{ id: string }>(
      t.deps.dataSource,
      `INSERT INTO reminder_mail (debtor_id, kind, local_date, to_address, subject, text_body, html_body, unsubscribe_url)
       VALUES ($1, 'BILLS_DUE_SOON', $3, 'a@example.com', $2, 'text', '<p>html</p>', 'https://x/u')
       RETURNING id`,
      [user.id, subject, localDate],
    );
    return row!.id;
  }

  it('pushes a reminder to each device once: two instances at once, then a restart', async () => {
    const user = await newUser(t);
    const phone = await subscribedDevice(user, 'Phone');
    const laptop = await subscribedDevice(user, 'Laptop');
    const reminder = await reminderFor(user);
    // Two instances, each with its own connections, deliver the same reminder at once.
    const instances = await Promise.all(
      [1, 2].map(async () => {
        const dataSource = createDataSource(process.env[TEST_DB_ENV] as string, { poolSize: 2 });
        await dataSource.initialize();
        return { ...t.deps, dataSource } as AppDeps;
      }),
    );
    try {
      const counts = await Promise.all(instances.map((deps) => deliverReminderPushes(deps, reminder)));
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
    } finally {
      await Promise.all(instances.map((deps) => deps.dataSource.destroy()));
    }
    // A restart's retry of the same job pushes nothing more.
    expect(await deliverReminderPushes(t.deps, reminder)).toBe(0);
    for (const { clientHash } of [phone, laptop]) {
      const { messages } = push.model.getNotifications({ clientHash });
      expect(messages.map((message) => JSON.parse(String(message)))).toEqual([
        expect.objectContaining({ title: 'Rent is due in 3 days', tag: 'BILLS_DUE_SOON-2026-11-16' }),
      ]);
    }
  });

  it('pushes nothing when the account turned pushes off', async () => {
    const user = await newUser(t);
    const { clientHash } = await subscribedDevice(user);
    await t.deps.dataSource.query(
      `INSERT INTO reminder_settings (debtor_id, push) VALUES ($1, false)
       ON CONFLICT (debtor_id) DO UPDATE SET push = false`,
      [user.id],
    );
    expect(await deliverReminderPushes(t.deps, await reminderFor(user))).toBe(0);
    expect(push.model.getNotifications({ clientHash }).messages).toEqual([]);
  });

  it('retries a device the service asks to retry (and only it), and removes one that is gone', async () => {
    const user = await newUser(t);
    const healthy = await subscribedDevice(user, 'Healthy');
    const gone = await subscribedDevice(user, 'Gone');
    push.model.expireSubscription(gone.clientHash);
    let answers = [503];
    const busy = createServer((_req, res) => res.writeHead(answers.shift() ?? 201).end());
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const healthyKeys = await queryOne<{ p256dh: string; auth: string }>(
        t.deps.dataSource,
        'SELECT p256dh, auth FROM push_device WHERE id = $1',
        [healthy.device.id],
      );
      const busyDevice = ok(
        await t.gql<{ registerPushDevice: { id: string } }>(
          'mutation($input: PushDeviceInput!) { registerPushDevice(input: $input) { id } }',
          {
            input: {
              endpoint: `http://127.0.0.1:${(busy.address() as AddressInfo).port}/push/1`,
              p256dh: healthyKeys!.p256dh,
              auth: healthyKeys!.auth,
              name: 'Busy',
            },
          },
          { token: user.token },
        ),
      ).registerPushDevice;
      const reminder = await reminderFor(user);
      await expect(deliverReminderPushes(t.deps, reminder)).rejects.toBeInstanceOf(PushesToRetry);
      expect(push.model.getNotifications({ clientHash: healthy.clientHash }).messages).toHaveLength(1);
      const devices = await queryRows<{ name: string }>(
        t.deps.dataSource,
        'SELECT name FROM push_device WHERE debtor_id = $1 ORDER BY name',
        [user.id],
      );
      expect(devices.map((device) => device.name)).toEqual(['Busy', 'Healthy']);
      // The job's next try pushes the busy device alone.
      answers = [201];
      expect(await deliverReminderPushes(t.deps, reminder)).toBe(1);
      expect(push.model.getNotifications({ clientHash: healthy.clientHash }).messages).toHaveLength(1);
      const states = await queryRows<{ status: string; attempts: number }>(
        t.deps.dataSource,
        'SELECT status, attempts FROM reminder_push WHERE reminder_id = $1 AND device_id = $2',
        [reminder, busyDevice.id],
      );
      expect(states).toEqual([{ status: 'sent', attempts: 2 }]);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it('a push service that answers in 10 s gets the push once; a silent one is given up on, retried, and pushed once', async () => {
    const user = await newUser(t);
    const service = await startCuttableProxy(
      (await push.model.subscribe({ userVisibleOnly: 'true', applicationServerKey: await publicKey(user) }))
        .endpoint,
    );
    try {
      const { clientHash } = await subscribedDevice(user, 'Phone', (endpoint) => service.urlFor(endpoint));
      const messages = () => push.model.getNotifications({ clientHash }).messages;
      service.slowBy(10_000);
      expect(await deliverReminderPushes(t.deps, await reminderFor(user, 'Slow'))).toBe(1);
      expect(messages()).toHaveLength(1);

      service.silence();
      const silent = await reminderFor(user, 'Silent', '2026-11-17');
      await expect(deliverReminderPushes(t.deps, silent)).rejects.toBeInstanceOf(PushesToRetry);
      expect(messages()).toHaveLength(1);
      service.restore();
      // The job's next try pushes it once; a try after that pushes nothing.
      expect(await deliverReminderPushes(t.deps, silent)).toBe(1);
      expect(await deliverReminderPushes(t.deps, silent)).toBe(0);
      expect(messages().map((message) => JSON.parse(String(message)).title)).toEqual(['Slow', 'Silent']);
    } finally {
      await service.close();
    }
  }, 90_000);
});
