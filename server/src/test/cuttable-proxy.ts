import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of the test database that a test can cut and restore, as a database
 * server that goes away and comes back: cut() drops every connection and refuses new ones.
 */
export interface CuttableProxy {
  /** The database URL with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string;
  cut(): void;
  /** Holds every byte without dropping a connection, as a database that stopped answering. */
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startCuttableProxy(databaseUrl: string): Promise<CuttableProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let open = true;
  let stalled = false;
  const held: Socket[] = [];
  const server: Server = createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    if (stalled) {
      client.pause();
      held.push(client);
    }
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    urlFor(url) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    stall() {
      stalled = true;
      for (const socket of sockets) {
        socket.pause();
        held.push(socket);
      }
    },
    restore() {
      open = true;
      stalled = false;
      for (const socket of held.splice(0)) socket.resume();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
