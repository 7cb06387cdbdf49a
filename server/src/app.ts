import { existsSync } from 'node:fs';
import path from 'node:path';
import { expressMiddleware } from '@as-integrations/express5';
import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler } from 'express';
import helmet from 'helmet';
import { behindTheWall } from './db/household-wall';
import { CHANGE_KEY_MESSAGE, changeKeyOf } from './db/change-once';
import { registerJwtStrategy } from './modules/auth/access-token';
import { authenticateRequest } from './modules/auth/request-user';
import { REPO_ROOT } from './config';
import type { AppDeps } from './deps';
import { buildContext } from './graphql/context';
import { unexpectedError } from './people-errors';
import { NestedTooDeeply } from './input/nesting';
import { boundedJsonBody } from './json-body';
import { createApolloServer, createSchema } from './graphql/server';
import { liveness, readiness } from './observability/health';
import { countAs, measureRequests, metricsEndpoint } from './observability/http-metrics';
import { compileTrustedQueries, trustedQueries } from './graphql/trusted-queries';
import { refreshThenQuery } from './graphql/refresh-then-query';
import { loadTrustedDocuments, trustedDocumentsOnly } from './graphql/trusted-documents';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { unsubscribeRoutes } from './modules/reminders/unsubscribe.routes';
import { DEV_MAILBOX_PATH, devMailbox } from './modules/mail/dev-mailbox';
import { simplefinStandIn, STAND_IN_PATH } from './modules/bank/simplefin-stand-in';
import { bareValueBodies, createRestRouter } from './rest';
import { requestLog } from './request-log';
import { clientFiles, clientPageScriptHashes } from './client-files';
import { configureAdmission } from './heavy/admission';
import { shedPastCapacity } from './overload';
import { closeHeavyPool } from './heavy/heavy-pool';

const CLIENT_DIST = path.join(REPO_ROOT, 'client', 'dist');

/** Paths that belong to the API (GraphQL, REST and its webhooks), never to the web client. */
const API_PREFIXES = ['/graphql', '/account', '/api', '/message'];

export interface App {
  app: express.Express;
  stop(): Promise<void>;
}

/** The HTTP surface of docs/product-rules.md §11: GraphQL, REST compatibility, health, and the built client. */
export async function createApp(deps: AppDeps): Promise<App> {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Express would hash every answer for a weak ETag: the API's answers are private and no-store,
  // the client's files carry their own (client-files.ts), the calendar feed its own.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  // First, so that its time covers everything the request went through.
  app.use(measureRequests(deps.metrics));
  // Then, before anything reads a body or a token: past capacity, a short 503.
  app.use(shedPastCapacity(config.overload.maxInFlight, () => deps.metrics.shed('overload')));
  deps.metrics.watchPool(deps.dataSource);
  configureAdmission(deps.config.heavy, (reason) => deps.metrics.shed(reason));
  const logRequests = requestLog(logger);
  if (logRequests) app.use(logRequests);

  const analyticsOrigin = config.analytics.scriptUrl ? new URL(config.analytics.scriptUrl).origin : undefined;
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ...clientPageScriptHashes(CLIENT_DIST),
          ...(analyticsOrigin ? [analyticsOrigin] : []),
        ],
        connectSrc: ["'self'", ...(analyticsOrigin ? [analyticsOrigin] : [])],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: config.appUrl.startsWith('https:') ? [] : null,
      },
    },
    strictTransportSecurity: config.appUrl.startsWith('https:'),
  });
  // The offline GraphiQL page is one self-contained HTML file with inline scripts.
  const playgroundPage = (req: express.Request) =>
    req.method === 'GET' && req.path === '/graphql' && Boolean(req.accepts('html'));
  const trusted = loadTrustedDocuments();
  const schema = createSchema();
  const contextFor = (req: express.Request, res: express.Response) => buildContext(deps, req, res);
  const jsonBody = boundedJsonBody({ limit: '100kb' });
  // A statement file travels in base64 (previewImport): a 5 MiB UTF-16 file is 10 MiB of bytes,
  // 14 MiB of base64. Only a signed-in session may send that much (trustedQueries parses the body
  // of every session's POST /graphql, after verifying its token); everyone else keeps 100 kB.
  const sessionJsonBody = boundedJsonBody({ limit: '14mb' });
  const compiled = compileTrustedQueries(schema, trusted);
  // The dashboard's reads, ahead of everything else (their own headers and body parsing).
  app.use(
    trustedQueries({
      compiled,
      contextFor,
      config,
      securityHeaders,
      jsonBody: sessionJsonBody,
      metrics: deps.metrics,
    }),
  );

  app.use((req, res, next) =>
    config.graphqlPlayground && playgroundPage(req) ? next() : securityHeaders(req, res, next),
  );

  app.get(['/livez', '/healthz'], liveness);
  app.get('/readyz', readiness(deps.dataSource, logger));
  app.get('/metrics', metricsEndpoint(config, deps.metrics));

  // Stripe signs the raw bytes: keep them raw on the webhook route, before any JSON parser.
  app.use('/api/webhooks/stripe', express.raw({ type: '*/*', limit: '1mb' }));
  app.use(bareValueBodies());
  app.use(jsonBody);
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  app.use(cookieParser());
  // Each request's database work behind the wall between households (db/household-wall.ts).
  // A change's Idempotency-Key rides with the wall (db/change-once.ts).
  app.use((req, res, next) => {
    const changeKey = changeKeyOf(req.headers['idempotency-key']);
    if (changeKey === undefined) {
      res.status(400).json({ message: CHANGE_KEY_MESSAGE, code: 'BAD_USER_INPUT' });
      return;
    }
    behindTheWall(next, changeKey);
  });
  // passport.authenticate needs no initialize() middleware without sessions (passport ≥ 0.6).
  registerJwtStrategy(config);
  app.use(API_PREFIXES, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(authenticateRequest(deps.dataSource));

  const apollo = createApolloServer(config, logger, trusted, schema, deps.metrics);
  await apollo.start();
  if (config.trustedDocumentsOnly) app.use('/graphql', trustedDocumentsOnly(trusted));
  app.use('/graphql', (_req, res, next) => {
    countAs(res, '/graphql');
    next();
  });
  app.use(
    '/graphql',
    refreshThenQuery({ apollo, documents: trusted, compiled, contextFor, config, metrics: deps.metrics }),
  );
  app.use('/graphql', expressMiddleware(apollo, { context: async ({ req, res }) => contextFor(req, res) }));
  app.use(createRestRouter(deps));
  app.use(unsubscribeRoutes(deps));
  app.use(calendarRoutes(deps));

  if (config.devMailbox) app.get(DEV_MAILBOX_PATH, devMailbox(deps.dataSource));
  // Outside production: a local SimpleFIN Bridge with a demo bank (modules/bank/simplefin-stand-in.ts).
  const bankStandIn = config.nodeEnv !== 'production';
  if (bankStandIn) app.use(simplefinStandIn(deps.clock));
  // The API's own prefixes never fall through to the web client: a script that asks for a path
  // no route answers gets a 404 in the API's shape, whatever the method.
  app.use(API_PREFIXES, (_req, res) => {
    res.status(404).json({ message: 'There is nothing at this address.', code: 'NOT_FOUND' });
  });
  app.get('/config.js', (_req, res) => {
    const publicConfig = {
      analyticsScriptUrl: config.analytics.scriptUrl,
      analyticsSiteId: config.analytics.siteId,
      // Outside production with the outbox: the verification and reset screens link to the mail.
      devMailboxUrl: config.devMailbox ? DEV_MAILBOX_PATH : undefined,
      // The connect screen offers the stand-in's demo bank.
      bankDemoUrl: bankStandIn ? `${STAND_IN_PATH}/setup-token` : undefined,
    };
    res.type('application/javascript').send(`window.__TRUENET_CONFIG__ = ${JSON.stringify(publicConfig)};`);
  });
  if (existsSync(CLIENT_DIST)) {
    app.use(clientFiles(CLIENT_DIST));
  } else {
    app.get('/', (_req, res) => {
      res.type('text').send('The client is not built yet: run `npm run build`.');
    });
  }

  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    const status = typeof error?.status === 'number' ? error.status : 500;
    if (status >= 500) {
      res.status(500).json(unexpectedError(logger, error, 'HTTP'));
      return;
    }
    const message = error instanceof NestedTooDeeply ? error.message : 'The request could not be read';
    res.status(status).json({ message, code: 'BAD_USER_INPUT' });
  };
  app.use(onError);

  return {
    app,
    stop: async () => {
      await apollo.stop();
      await closeHeavyPool();
    },
  };
}
