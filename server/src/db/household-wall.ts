import { AsyncLocalStorage } from 'node:async_hooks';
import {
  DataSource,
  EventSubscriber,
  type EntitySubscriberInterface,
  type TransactionStartEvent,
} from 'typeorm';
import type { Queryable } from './sql';

/**
 * The second wall between households (docs/product-rules.md, "The wall between households"). Every
 * table with a `household_id` has row-level security (migrations/support/household-wall.js): the
 * role `truenet_app` sees and writes only the rows of the household its transaction names in
 * `app.household_id`, and nothing when none is named.
 *
 * A request's database work runs inside a `RequestWall` (app.ts opens one per request): every
 * transaction it starts, and every lone statement (then wrapped in a transaction of its own),
 * begins with `SET LOCAL ROLE truenet_app` and the household the request answers for, set once
 * policies have proven the caller a member of it (policies.ts). Both settings are
 * transaction-local, so a pooled connection (PgBouncer's transaction pooling, the embedded
 * database's one session) carries nothing over to the next transaction.
 *
 * Work outside requests (the jobs, the scripts, the migrations) runs as the login role, and so does
 * work a request does across households, written inside `acrossHouseholds` so that it can be found.
 */
export const APP_ROLE = 'truenet_app';

/** What one request's database work may see: the household, once proven; until then none. */
export class RequestWall {
  householdId: string | null = null;

  /** The request's `Idempotency-Key`, claimed by the change it asks for (db/change-once.ts). */
  constructor(readonly changeKey: string | null = null) {}
}

const walls = new AsyncLocalStorage<RequestWall>();

/** Runs one request's work behind the wall, answering for no household until `answerForHousehold`. */
export function behindTheWall<T>(work: () => T, changeKey: string | null = null): T {
  return walls.run(new RequestWall(changeKey), work);
}

/** The household the current request answers for from here on (a proven membership). */
export function answerForHousehold(householdId: string | null): void {
  const wall = walls.getStore();
  if (!wall) return;
  wall.householdId = householdId;
}

/**
 * Work a request does across households, as the login role: reading a credential or a feed's
 * secret before the household is known, or an owner's deletion reaching the households they own.
 */
export function acrossHouseholds<T>(work: () => Promise<T>): Promise<T> {
  return walls.exit(work);
}

/**
 * A statement that puts itself behind the wall: the analysis' snapshot for an account
 * (finance_snapshot proves the membership, then reads as truenet_app with that household named, for
 * that statement only), so that the dashboard's read stays one round trip.
 */
export function wallsItself<T>(work: () => Promise<T>): Promise<T> {
  return walls.exit(work);
}

/** The wall the current work is behind, if it is a request's. */
export function currentWall(): RequestWall | undefined {
  return walls.getStore();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statements that put a transaction behind the wall, sent as one simple query (one round trip).
 * The household id is written into the text, so only a well-formed id is accepted.
 */
export function wallSettings(wall: Pick<RequestWall, 'householdId'>): string {
  const household = wall.householdId ?? '';
  if (household !== '' && !UUID.test(household)) throw new Error('A household id must be a UUID');
  return `SET LOCAL ROLE ${APP_ROLE}; SELECT set_config('app.household_id', '${household}', true)`;
}

/** Puts every transaction a request starts through TypeORM behind the wall, before its first statement. */
@EventSubscriber()
export class HouseholdWallSubscriber implements EntitySubscriberInterface {
  async afterTransactionStart(event: TransactionStartEvent): Promise<void> {
    const wall = walls.getStore();
    // A savepoint inside the transaction keeps the settings the transaction began with.
    if (!wall || (event.queryRunner as { transactionDepth?: number }).transactionDepth !== 1) return;
    await event.queryRunner.query(wallSettings(wall));
  }
}

/**
 * From here on, the request (and the transaction `db` is, if it is one) answers for `householdId`:
 * for the household-management changes, which prove the caller's place in the household they
 * change by reading its membership themselves (accepting an invitation, an owner's change, leaving).
 */
export async function answerWithin(db: Queryable, householdId: string): Promise<void> {
  const wall = walls.getStore();
  if (!wall) return;
  answerForHousehold(householdId);
  if (!(db instanceof DataSource)) {
    await db.query(`SELECT set_config('app.household_id', $1, true)`, [householdId]);
  }
}
