import { createServer } from 'node:net';

/**
 * Test support: web-push-testing, a push service mock that checks VAPID and decrypts RFC 8291
 * payloads, run in this process (its package's main points to a missing file). One per process:
 * the package keeps its model in a module variable.
 */
interface PushApiModelLike {
  subscribe(options: { userVisibleOnly: string; applicationServerKey: string }): Promise<{
    endpoint: string;
    keys: { p256dh: string; auth: string };
    clientHash: string;
  }>;
  getNotifications(body: { clientHash: string }): { messages: unknown[] };
  expireSubscription(clientHash: string): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface PushServiceDouble {
  model: PushApiModelLike;
  close(): Promise<void>;
}

export async function startPushServiceDouble(): Promise<PushServiceDouble> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { PushApiModel } = require('web-push-testing/src/PushApiModel') as {
    PushApiModel: new () => PushApiModelLike;
  };
  const Server = require('web-push-testing/src/server') as new (
    model: PushApiModelLike,
    port: number,
  ) => {
    startServer(): void;
    _server: {
      close(done: () => void): void;
      listening: boolean;
      once(event: string, done: () => void): void;
    };
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const model = new PushApiModel();
  const server = new Server(model, await freePort());
  const log = console.log;
  console.log = () => {};
  server.startServer();
  await new Promise<void>((resolve) =>
    server._server.listening ? resolve() : server._server.once('listening', resolve),
  );
  console.log = log;
  return { model, close: () => new Promise((resolve) => server._server.close(() => resolve())) };
}
