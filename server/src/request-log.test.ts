import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger } from './logger';
import { requestLog } from './request-log';
import { capturedLog } from './test/accounts';

/** An app with the request log and two routes: one that answers, one that fails on the server. */
async function serve(level: string) {
  const log = capturedLog();
  const app = express();
  const handler = requestLog(createLogger(level, log.stream));
  if (handler) app.use(handler);
  app.get('/fine', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/broken', (_req, res) => {
    res.status(503).json({ ok: false });
  });
  app.get('/readyz', (_req, res) => {
    res.status(503).json({ status: 'database unreachable' });
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string) => {
    await (await fetch(url + path, { headers: { authorization: 'Bearer secret-token' } })).text();
    // The line is written on 'finish', which can follow the client's read by a tick.
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  const entries = () => log.lines.map((line) => JSON.parse(line) as Record<string, never>);
  return { get, entries, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('request log', () => {
  it('in production (info) logs only the requests that failed on the server, at error', async () => {
    const app = await serve('info');
    try {
      await app.get('/fine');
      expect(app.entries()).toEqual([]);
      await app.get('/broken');
      expect(app.entries()).toEqual([
        expect.objectContaining({
          level: 50,
          msg: 'request failed',
          req: { method: 'GET', url: '/broken' },
          res: { statusCode: 503 },
        }),
      ]);
    } finally {
      await app.close();
    }
  });

  it("never logs a probe's answer, even a 503: a balancer asks every few hundred milliseconds", async () => {
    for (const level of ['info', 'debug']) {
      const app = await serve(level);
      try {
        await app.get('/readyz');
        await app.get('/broken');
        expect(app.entries().map((entry) => entry.req)).toEqual([
          expect.objectContaining({ method: 'GET', url: '/broken' }),
        ]);
      } finally {
        await app.close();
      }
    }
  });

  it('at debug logs every request, with its credentials redacted', async () => {
    const app = await serve('debug');
    try {
      await app.get('/fine');
      await app.get('/broken');
      const [fine, broken] = app.entries();
      expect(fine).toMatchObject({ level: 20, res: { statusCode: 200 } });
      expect(broken).toMatchObject({ level: 50, res: { statusCode: 503 } });
      expect(JSON.stringify(app.entries())).not.toContain('secret-token');
    } finally {
      await app.close();
    }
  });

  it('when silent, adds nothing to the request path', () => {
    expect(requestLog(createLogger('silent'))).toBeNull();
  });
});
