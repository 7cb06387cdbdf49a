import type { PushDevice, Resolvers } from '../../generated/graphql';
import { requireSessionUser, requireUser } from '../../policies';
import { uuidRowId } from '../../input/row-id';
import { listDevices, registerDevice, removeDevice, sendTestPush, type DeviceRow } from './push.service';
import { vapidKeys } from './vapid-keys';

/** A device as the API answers it: never its endpoint or keys. */
function presentDevice(row: DeviceRow): PushDevice {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastSuccessAt: row.last_success_at ? row.last_success_at.toISOString() : null,
  };
}

/** GraphQL adapters of push devices (docs/product-rules.md §17); devices are the account's settings, a session's. */
export const pushResolvers: Resolvers = {
  Query: {
    pushPublicKey: async (_parent, _args, ctx) => {
      await requireUser(ctx);
      return (await vapidKeys(ctx.deps)).publicKey;
    },
    pushDevices: async (_parent, _args, ctx) => {
      const user = await requireUser(ctx);
      return (await listDevices(ctx.deps, user.id)).map(presentDevice);
    },
  },
  Mutation: {
    registerPushDevice: async (_parent, { input }, ctx) => {
      const user = await requireSessionUser(ctx);
      return presentDevice(
        await registerDevice(ctx.deps, user.id, {
          endpoint: input.endpoint,
          p256dh: input.p256dh,
          auth: input.auth,
          name: input.name ?? null,
        }),
      );
    },
    removePushDevice: async (_parent, { id }, ctx) => {
      const user = await requireSessionUser(ctx);
      await removeDevice(ctx.deps, user.id, uuidRowId(id, 'Device'));
      return true;
    },
    sendTestPush: async (_parent, { id }, ctx) => {
      const user = await requireSessionUser(ctx);
      return sendTestPush(ctx.deps, user.id, uuidRowId(id, 'Device'));
    },
  },
};
