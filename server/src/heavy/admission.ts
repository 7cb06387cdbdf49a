import { AppError } from '../errors';
import { HEAVY_THREADS } from './heavy-pool';

/**
 * Admission of heavy work (docs/product-rules.md §26), per instance and per household: a few tasks
 * run or wait on the heavy threads; past that the request is told to come back (503, or 429 for a
 * household that already has its share in flight) with Retry-After, in words written for people,
 * and nothing is done. So a burst of heavy requests costs the instance a short queue, never its
 * dashboards, and one household's burst never takes another's place.
 */

export interface AdmissionLimits {
  /** Heavy tasks running or waiting on this instance. */
  perInstance: number;
  /** Of them, the tasks of one household. */
  perHousehold: number;
}

export const DEFAULT_LIMITS: AdmissionLimits = {
  perInstance: HEAVY_THREADS * 4,
  perHousehold: 2,
};

export const BUSY_MESSAGE = 'TrueNet is busy with a lot of work right now. Try again in a moment.';
export const HOUSEHOLD_BUSY_MESSAGE =
  'TrueNet is still working on your last request like this one. Try again in a moment.';

/** Why a request was turned away, as /metrics counts it (overload: overload.ts, past capacity). */
export type ShedReason = 'instance' | 'household' | 'overload';

/** How many of one kind of heavy work each household has running or waiting. */
class HouseholdShares {
  private readonly counts = new Map<string, number>();

  of(householdId: string): number {
    return this.counts.get(householdId) ?? 0;
  }

  take(householdId: string): void {
    this.counts.set(householdId, this.of(householdId) + 1);
  }

  release(householdId: string): void {
    const left = this.of(householdId) - 1;
    if (left <= 0) this.counts.delete(householdId);
    else this.counts.set(householdId, left);
  }
}

let inFlight = 0;
const byHousehold = new HouseholdShares();
let limits = DEFAULT_LIMITS;
let onShed: (reason: ShedReason) => void = () => undefined;

/** The limits and the metric of turned-away work (the app's start; tests set small limits). */
export function configureAdmission(
  next: Partial<AdmissionLimits>,
  shed?: (reason: ShedReason) => void,
): void {
  limits = { ...DEFAULT_LIMITS, ...next };
  if (shed) onShed = shed;
}

/** Heavy tasks running or waiting now: /metrics reports it. */
export function heavyInFlight(): number {
  return inFlight + databaseRunning + databaseWaiting.length;
}

function refuse(reason: ShedReason): never {
  onShed(reason);
  if (reason === 'household') {
    throw new AppError(HOUSEHOLD_BUSY_MESSAGE, 'RATE_LIMITED', { retryAfterSeconds: 2, reason: 'BUSY' });
  }
  throw new AppError(BUSY_MESSAGE, 'UNAVAILABLE', { retryAfterSeconds: 2, reason: 'BUSY' });
}

/**
 * Runs `work` (a heavy request: its reads, and its computing on the heavy threads, heavy-pool.ts)
 * once admitted for the household; refused at once past the limits.
 */
export async function admitHeavy<R>(householdId: string, work: () => Promise<R>): Promise<R> {
  if (inFlight >= limits.perInstance) refuse('instance');
  if (byHousehold.of(householdId) >= limits.perHousehold) refuse('household');
  inFlight += 1;
  byHousehold.take(householdId);
  try {
    return await work();
  } finally {
    inFlight -= 1;
    byHousehold.release(householdId);
  }
}

/**
 * Heavy work whose time goes to PostgreSQL (three years of reports, a rule moving 30,000 rows)
 * holds none of our threads, but the database shares the machine's cores with every dashboard's
 * queries: only DATABASE_SLOTS of it run at once per instance, the rest wait their turn (a Reports
 * tab asks for three at once, and waiting is better than refusing them). Past DATABASE_QUEUE
 * running or waiting, or DATABASE_PER_HOUSEHOLD of one household's, the request is told to come
 * back. A statement's preview counts here too: its file is read on a heavy thread, then its rows
 * are checked and stored, one such preview at a time per heavy thread.
 */
export const DATABASE_SLOTS = HEAVY_THREADS;
const DATABASE_QUEUE = 16;
const DATABASE_PER_HOUSEHOLD = 6;

let databaseRunning = 0;
const databaseWaiting: (() => void)[] = [];
const databaseByHousehold = new HouseholdShares();

/** Heavy database work running or waiting now. */
export function databaseWorkInFlight(): number {
  return databaseRunning + databaseWaiting.length;
}

export async function admitDatabaseWork<R>(householdId: string, work: () => Promise<R>): Promise<R> {
  if (databaseWorkInFlight() >= DATABASE_QUEUE) refuse('instance');
  if (databaseByHousehold.of(householdId) >= DATABASE_PER_HOUSEHOLD) refuse('household');
  databaseByHousehold.take(householdId);
  try {
    if (databaseRunning >= DATABASE_SLOTS) {
      await new Promise<void>((resolve) => databaseWaiting.push(resolve));
    } else {
      databaseRunning += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = databaseWaiting.shift();
      if (next) next();
      else databaseRunning -= 1;
    }
  } finally {
    databaseByHousehold.release(householdId);
  }
}
