import type { AddressInfo } from 'node:net';
import { get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import express from 'express';
import { createHttpServer, KEEP_ALIVE_MS } from './http-server';

describe('createHttpServer', () => {
  const app = express();
  app.use(express.json());
  app.post('/echo', (req, res) => {
    res.status(201).json({ body: req.body, query: req.query, path: req.path });
  });
  let server: Server;
  let url: string;
  const born: Array<[IncomingMessage, ServerResponse]> = [];

  beforeAll(async () => {
    server = createHttpServer(app);
    // Before Express's own listener: what the request and response are as Node made them.
    server.prependListener('request', (req, res) => born.push([req, res]));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("makes each request and response with the app's own prototypes, so Express swaps none", async () => {
    await fetch(`${url}/echo`, { method: 'POST' });
    const [req, res] = born.at(-1) ?? [];
    expect(req && Object.getPrototypeOf(req)).toBe(app.request);
    expect(res && Object.getPrototypeOf(res)).toBe(app.response);
  });

  it('serves Express as usual: body parsing, query, status and JSON answers', async () => {
    const response = await fetch(`${url}/echo?month=2026-11`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1250 }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      body: { amount: 1250 },
      query: { month: '2026-11' },
      path: '/echo',
    });
  });

  it("keeps a connection open longer than a balancer's idle timeout, and says so", async () => {
    const header = await new Promise<string | undefined>((resolve, reject) => {
      get(`${url}/echo`, (response) => {
        response.resume();
        resolve(response.headers['keep-alive'] as string | undefined);
      }).on('error', reject);
    });
    expect(header).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
  });
});
