import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { clientPageScriptHashes, inlineScriptHashes } from '../client-files';
import { REPO_ROOT } from '../config';
import { REFRESH_COOKIE } from '../modules/auth/refresh-cookie';
import { buildDebtor, DEFAULT_PASSWORD } from '../test/factories';
import { startTestApp, type TestApp } from '../test/harness';

/**
 * Response headers: a content security policy the client works under, no caching of API answers,
 * HSTS over https, and a refresh cookie that scripts cannot read and other sites cannot send.
 */

const LOGIN = `mutation($u: String!, $p: String!) { login(userName: $u, userPassword: $p) { accessToken } }`;
const ANALYTICS = 'https://stats.example.org/js/script.js';
const BUILT_CLIENT = path.join(REPO_ROOT, 'client', 'dist');
const BUILT_PAGE = path.join(BUILT_CLIENT, 'index.html');
/** The built page's own inline scripts (its prerendered route chooser), allowed by hash only. */
const PAGE_SCRIPTS = clientPageScriptHashes(BUILT_CLIENT);

function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** The `<script>` tags of an HTML page with no `src`: inline code the policy would block. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/.test(attributes ?? ''))
    .map(([tag]) => tag);
}

async function refreshCookieOfLogin(t: TestApp): Promise<string> {
  const { debtor } = await buildDebtor(t.deps.dataSource, t.deps.config);
  const response = await t.gql(LOGIN, { u: debtor.userName, p: DEFAULT_PASSWORD });
  expect(response.errors).toBeUndefined();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  if (!cookie) throw new Error('no refresh cookie');
  return cookie;
}

describe('served over http (APP_URL http://…), no analytics configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('sends a CSP without unhashed inline scripts, eval or third-party script origins', async () => {
    const response = await fetch(`${t.url}/healthz`);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", ...PAGE_SCRIPTS]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('sends no HSTS over http', async () => {
    const response = await fetch(`${t.url}/healthz`);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('answers every API response with Cache-Control: no-store (GraphQL, errors, REST paths)', async () => {
    const { accessToken } = await buildDebtor(t.deps.dataSource, t.deps.config);
    const answers = [
      await t.gql('{ me { id } }', {}, { token: accessToken }),
      await t.gql('{ me { id } }'),
      await t.gql('{ nope }'),
    ].map((r) => r.headers.get('cache-control'));
    for (const path of ['/account/get-user', '/api/nothing-here', '/message/contact']) {
      answers.push(
        (await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${accessToken}` } })).headers.get(
          'cache-control',
        ),
      );
    }
    expect(answers).toEqual(answers.map(() => 'no-store'));
  });

  it('sets the refresh cookie HttpOnly, SameSite=Strict, path /, and not Secure over http', async () => {
    const cookie = await refreshCookieOfLogin(t);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
  });

  it('serves /config.js as a script file without analytics when none is configured', async () => {
    const response = await fetch(`${t.url}/config.js`);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).not.toMatch(/https?:/);
  });
});

describe('served over https with analytics configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        APP_URL: 'https://truenet.example.com',
        ANALYTICS_SCRIPT_URL: ANALYTICS,
        ANALYTICS_SITE_ID: 'truenet.example.com',
      },
    });
  });
  afterAll(() => t.close());

  it('allows the analytics origin, and only it, beside self for scripts and connections', async () => {
    const csp = directives((await fetch(`${t.url}/healthz`)).headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'", ...PAGE_SCRIPTS, 'https://stats.example.org']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://stats.example.org']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it('sends HSTS for at least 180 days', async () => {
    const hsts = (await fetch(`${t.url}/healthz`)).headers.get('strict-transport-security');
    expect(Number(/max-age=(\d+)/.exec(hsts ?? '')?.[1])).toBeGreaterThanOrEqual(180 * 86400);
  });

  it('sets the refresh cookie Secure as well', async () => {
    const cookie = await refreshCookieOfLogin(t);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
  });
});

describe('the client page works under the policy', () => {
  it('client/index.html has no inline script and loads scripts from its own origin only', () => {
    const html = readFileSync(path.join(REPO_ROOT, 'client', 'index.html'), 'utf8');
    expect(inlineScripts(html)).toEqual([]);
    const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.filter((src) => !src?.startsWith('/'))).toEqual([]);
  });

  const built = existsSync(BUILT_PAGE) ? it : it.skip;
  built(
    'the built page has no inline event handler and its inline scripts are those the policy hashes',
    async () => {
      const html = readFileSync(BUILT_PAGE, 'utf8');
      expect(html).not.toMatch(/\son[a-z]+\s*=/i); // no inline event handlers (script-src-attr 'none')
      const hashed = inlineScriptHashes(html);
      expect(hashed).toHaveLength(inlineScripts(html).length); // none with attributes, none unhashed
      const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)].map((m) => m[1]);
      expect(sources.filter((src) => !src?.startsWith('/'))).toEqual([]);
      const t = await startTestApp();
      try {
        const response = await fetch(`${t.url}/`);
        const scriptSrc = directives(response.headers.get('content-security-policy')).get('script-src');
        expect(scriptSrc).toEqual(["'self'", ...hashed]);
      } finally {
        await t.close();
      }
    },
  );

  it('hashes the text of each inline script as the browser does', () => {
    const page = '<script src="/a.js"></script><script>a()</script><noscript>x</noscript>';
    expect(inlineScriptHashes(page)).toEqual(["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"]);
  });
});
