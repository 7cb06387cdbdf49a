import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support: a SimpleFIN Bridge double, a real HTTP server on loopback. Setup tokens are claimed
 * once (then 403, as the bridge answers); GET /accounts checks the Basic credentials and answers
 * what the test set: a JSON body, or a status and raw text. As the bridge does, it answers only the
 * transactions posted inside the window asked for (`start-date`, `end-date`; pending ones with the
 * current window only). Every accounts request is recorded with its query, so tests can read the
 * windows and flags TrueNet asked for.
 */
export interface AccountsReply {
  status?: number;
  /** JSON answered with status 200 (or `status`). */
  json?: unknown;
  /** Raw text instead of JSON (a body that is not JSON). */
  text?: string;
  /** No answer at all: the request is held open until the bridge closes (a silent bridge). */
  silent?: boolean;
}

export interface SimplefinDouble {
  url: string;
  /** The access URL's password: it must appear in no answer, log or column of TrueNet's. */
  password: string;
  /** A new setup token (base64 of a claim URL), at `through` (a proxy's URL) instead of the double's own. */
  setupToken(through?: string): string;
  /** What GET /accounts answers from now on (per access user, or for all). */
  reply(reply: AccountsReply | ((query: URLSearchParams) => AccountsReply), user?: string): void;
  requests: { user: string; query: URLSearchParams }[];
  close(): Promise<void>;
}

interface Transaction {
  posted?: number;
  pending?: boolean;
}

/** The answer with each account's transactions cut to the window the request asked for. */
function inWindow(json: unknown, query: URLSearchParams): unknown {
  const answer = json as { accounts?: { transactions?: Transaction[] }[] };
  const accounts = answer.accounts;
  if (!Array.isArray(accounts)) return json;
  const start = Number(query.get('start-date') ?? -Infinity);
  const end = query.has('end-date') ? Number(query.get('end-date')) : Infinity;
  const keep = (transaction: Transaction) =>
    transaction.pending || !transaction.posted
      ? end === Infinity
      : transaction.posted >= start && transaction.posted < end;
  return {
    ...answer,
    accounts: accounts.map((account) =>
      Array.isArray(account.transactions)
        ? { ...account, transactions: account.transactions.filter(keep) }
        : account,
    ),
  };
}

export async function startSimplefinDouble(): Promise<SimplefinDouble> {
  const password = `pw-${randomBytes(9).toString('hex')}`;
  const tokens = new Map<string, string>();
  const replies = new Map<string, AccountsReply | ((query: URLSearchParams) => AccountsReply)>();
  const requests: SimplefinDouble['requests'] = [];
  let users = 0;
  const held = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const claim = /^\/claim\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'POST' && claim) {
      const user = tokens.get(claim[1] as string);
      tokens.delete(claim[1] as string);
      if (!user) {
        res.writeHead(403).end('Forbidden');
        return;
      }
      // The access URL names the address the claim came to: a token handed out through a proxy
      // keeps its connection going through it.
      const host = req.headers.host ?? `127.0.0.1:${(server.address() as AddressInfo).port}`;
      res.end(`http://${user}:${password}@${host}/bridge`);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/bridge/accounts') {
      const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
      const [user, given] = Buffer.from(encoded ?? '', 'base64')
        .toString()
        .split(':');
      if (scheme !== 'Basic' || given !== password || !user) {
        res.writeHead(403).end('Forbidden');
        return;
      }
      requests.push({ user, query: url.searchParams });
      const configured = replies.get(user) ?? replies.get('*') ?? { json: { errors: [], accounts: [] } };
      const reply = typeof configured === 'function' ? configured(url.searchParams) : configured;
      if (reply.silent) {
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      }
      if (reply.text !== undefined) {
        res.writeHead(reply.status ?? 200, { 'content-type': 'text/html' }).end(reply.text);
        return;
      }
      res
        .writeHead(reply.status ?? 200, { 'content-type': 'application/json' })
        .end(JSON.stringify(inWindow(reply.json ?? {}, url.searchParams)));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    password,
    setupToken(through = base) {
      const nonce = randomBytes(8).toString('hex');
      users += 1;
      tokens.set(nonce, `user${users}`);
      return Buffer.from(`${through.replace(/\/$/, '')}/claim/${nonce}`).toString('base64');
    },
    reply(reply, user = '*') {
      replies.set(user, reply);
    },
    requests,
    close: () => {
      for (const res of held) res.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
