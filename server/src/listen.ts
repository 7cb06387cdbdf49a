import type { Server } from 'node:http';
import type { Express } from 'express';
import { createHttpServer } from './http-server';

/** Errors that mean "this machine has no such address", e.g. ::1 where IPv6 is turned off. */
const NO_SUCH_ADDRESS = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT']);

function listenOn(app: Express, port: number, host: string | undefined): Promise<Server> {
  const server = createHttpServer(app);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Serves the app on PORT at each of `hosts` (undefined: every interface), one server per address
 * since a Node server binds one. The later addresses take the port the first one bound (PORT=0 in
 * tests). A loopback alias the machine lacks (::1 without IPv6) is skipped, as long as one
 * address was bound; any other failure rejects, naming the address.
 */
export async function listenOnHosts(
  app: Express,
  port: number,
  hosts: readonly string[] | undefined,
): Promise<Server[]> {
  if (!hosts) return [await listenOn(app, port, undefined)];
  const servers: Server[] = [];
  let boundPort = port;
  for (const host of hosts) {
    try {
      const server = await listenOn(app, boundPort, host);
      const address = server.address();
      if (address && typeof address === 'object') boundPort = address.port;
      servers.push(server);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (servers.length > 0 && NO_SUCH_ADDRESS.has(code)) continue;
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
      throw Object.assign(new Error(`${host}:${port}: ${code || (error as Error).message}`), { code });
    }
  }
  return servers;
}
