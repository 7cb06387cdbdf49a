import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import express from 'express';
import { LOOPBACK_HOSTS } from './config';
import { listenOnHosts } from './listen';

const app = express().get('/ping', (_req, res) => {
  res.send('pong');
});

/** This machine's first address that is not loopback (a container always has one). */
function outsideAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

async function closeAll(servers: Server[]) {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
}

describe('listenOnHosts', () => {
  it('on the local default answers on 127.0.0.1 (and ::1 where the machine has it) and nowhere else', async () => {
    const servers = await listenOnHosts(app, 0, LOOPBACK_HOSTS);
    try {
      const addresses = servers.map((server) => server.address() as AddressInfo);
      expect(addresses[0]!.address).toBe('127.0.0.1');
      expect(addresses.every((address) => ['127.0.0.1', '::1'].includes(address.address))).toBe(true);
      const port = addresses[0]!.port;
      expect(addresses.every((address) => address.port === port)).toBe(true);
      expect(await (await fetch(`http://127.0.0.1:${port}/ping`)).text()).toBe('pong');
      const outside = outsideAddress();
      if (outside) {
        await expect(fetch(`http://${outside}:${port}/ping`)).rejects.toThrow();
      }
    } finally {
      await closeAll(servers);
    }
  });

  it('with no hosts (production) listens on every interface', async () => {
    const servers = await listenOnHosts(app, 0, undefined);
    try {
      expect(servers).toHaveLength(1);
      expect(['::', '0.0.0.0']).toContain((servers[0]!.address() as AddressInfo).address);
    } finally {
      await closeAll(servers);
    }
  });

  it('names the address when the port is taken, and leaves nothing listening', async () => {
    const [taken] = await listenOnHosts(app, 0, ['127.0.0.1']);
    const port = (taken!.address() as AddressInfo).port;
    try {
      await expect(listenOnHosts(app, port, ['127.0.0.1'])).rejects.toThrow(`127.0.0.1:${port}: EADDRINUSE`);
    } finally {
      await closeAll([taken!]);
    }
  });
});
