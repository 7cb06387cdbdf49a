import { queryRows } from '../../db/sql';
import { startPushServiceDouble, type PushServiceDouble } from '../../test/push-service-double';
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

async function subscribedDevice(user: TestUser, name = 'Ada’s phone') {
  const subscription = await push.model.subscribe({
    // As a browser's form post sends it.
    userVisibleOnly: 'true',
    applicationServerKey: await publicKey(user),
  });
  const device = ok(
    await t.gql<{ registerPushDevice: { id: string; name: string } }>(
      `mutation($input: PushDeviceInput!) { registerPushDevice(input: $input) { ${DEVICE} } }`,
      { input: { endpoint: subscription.endpoint, ...subscription.keys, name } },
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
