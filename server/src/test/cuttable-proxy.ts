import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a neighbour (the test database, a mail server, the push service, Stripe,
 * the bank's bridge) that a test can cut, stall, slow and restore: a server that goes away, stops
 * answering, or answers late, without the neighbour itself knowing.
 */
export interface CuttableProxy {
  /** The port the proxy listens on (127.0.0.1). */
  port: number;
  /** The URL with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /** Drops every connection and refuses new ones. */
  cut(): void;
  /** Holds every byte without dropping a connection, as a server that stopped answering. */
  stall(): void;
  /**
   * A neighbour that went silent: open connections are dropped (a kept-alive one would be closed by
   * the neighbour's own idle timer) and new ones are taken and held, never answered.
   */
  silence(): void;
  /**
   * A neighbour slow to answer: open connections are dropped, and new ones reach it only after
   * `ms`, so the first answer on each comes that late.
   */
  slowBy(ms: number): void;
  /** Back to passing bytes at once; held connections go on. */
  restore(): void;
  /** Connections the proxy holds open now. */
  openConnections(): number;
  close(): Promise<void>;
}

export async function startCuttableProxy(url: string): Promise<CuttableProxy> {
  const target = new URL(url);
  const targetPort = Number(target.port || defaultPortOf(target.protocol));
  const clients = new Set<Socket>();
  const sockets = new Set<Socket>();
  let open = true;
  let stalled = false;
  let delayMs = 0;
  const held: Socket[] = [];
  const waiting: Socket[] = [];
  /** Slowed connections on their way to the neighbour: silenced or closed, they never get there. */
  const delayed = new Set<NodeJS.Timeout>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const join = (client: Socket) => {
    if (client.destroyed) return;
    const upstream = connect(targetPort, target.hostname);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  const server: Server = createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    track(client);
    clients.add(client);
    client.on('close', () => clients.delete(client));
    if (stalled) {
      // Silent: the connection is taken and nothing ever reaches the neighbour or comes back.
      client.pause();
      waiting.push(client);
    } else if (delayMs > 0) {
      // Bytes the client sends meanwhile wait in its socket until the pipe reads them.
      client.pause();
      const timer = setTimeout(() => {
        delayed.delete(timer);
        join(client);
      }, delayMs);
      delayed.add(timer);
    } else {
      join(client);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    urlFor(original) {
      const proxied = new URL(original);
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
    silence() {
      for (const timer of delayed) clearTimeout(timer);
      delayed.clear();
      for (const socket of sockets) socket.destroy();
      stalled = true;
    },
    slowBy(ms) {
      // Kept-alive connections would skip the delay: the next request connects anew.
      for (const socket of sockets) socket.destroy();
      delayMs = ms;
    },
    restore() {
      open = true;
      stalled = false;
      delayMs = 0;
      for (const socket of held.splice(0)) socket.resume();
      for (const client of waiting.splice(0)) join(client);
    },
    openConnections: () => clients.size,
    close: () =>
      new Promise((resolve) => {
        for (const timer of delayed) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function defaultPortOf(protocol: string): number {
  return { 'postgres:': 5432, 'postgresql:': 5432, 'http:': 80, 'https:': 443, 'smtp:': 25 }[protocol] ?? 0;
}
