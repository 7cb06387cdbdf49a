// One embedded PostgreSQL (PGlite) in a process of its own, for one Jest worker: PGlite runs one
// query at a time on one thread, so each worker's database needs its own process to run beside the
// others. Sends its URL to the parent once it listens; stops when the parent goes.
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const db = await PGlite.create();
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
await server.start();
process.send?.({ url: `postgresql://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable` });
process.on('disconnect', () => {
  void server
    .stop()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
