import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

/**
 * An HTTP server for the app whose requests and responses are born with the app's own prototypes
 * (`app.request`, `app.response`). Express 5 otherwise swaps the prototype of every `req` and
 * `res` as they enter (`Object.setPrototypeOf` in `app.handle`); V8 then keeps each request's
 * objects past the young generation (about 1.4 MB promoted per scavenge under load, against 2 KB),
 * which makes pauses that cost a third of the throughput and set the tail latency (expressjs/express
 * #5998, nodejs/node #37457). Given objects that already have the app's prototypes, Express's swap
 * changes nothing.
 */
export function createHttpServer(app: Express): Server {
  function AppRequest(this: IncomingMessage, socket: Socket) {
    IncomingMessage.call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: ServerResponse, req: IncomingMessage, options?: object) {
    (ServerResponse as unknown as (req: IncomingMessage, options?: object) => void).call(this, req, options);
  }
  AppResponse.prototype = app.response;
  const server = createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof ServerResponse,
    },
    app,
  );
  // A balancer or a client reusing a kept-alive connection must never find it closed under its
  // request (a reset, or a 502 from the balancer): the connection outlives their idle timeouts
  // (HAProxy's and most balancers' are 60 s), instead of Node's 5 s.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}

export const KEEP_ALIVE_MS = 65_000;
