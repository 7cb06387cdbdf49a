import { todayInZone } from '../dates';
import type { Cents, IsoDate } from '../types';
import { statementCents } from './amounts';
import type { StatementRow } from './types';

/**
 * A SimpleFIN Bridge `/accounts` answer (protocol v1 and v2) read into what TrueNet imports: per
 * account its balance and its posted and pending transactions as statement rows, plus every
 * message the bridge sent (v1 `errors`, v2 `errlist`), so that none is silently dropped. Pure:
 * the JSON in, the rows out; amounts are decimal strings ('100.5' is $100.50), dates epoch seconds.
 */

export interface SimplefinAccount {
  id: string;
  org: string;
  name: string;
  currency: string;
  balanceCents: Cents | null;
  /** The instant of the balance (ISO-8601), when the bridge gave one. */
  balanceDate: string | null;
  posted: StatementRow[];
  /** Pending at the bank: shown, never applied. */
  pending: StatementRow[];
  /** The latest posted instant among the transactions, epoch seconds (where the next sync starts). */
  lastPostedEpoch: number | null;
}

export interface SimplefinAnswer {
  accounts: SimplefinAccount[];
  /** The bridge's messages, as plain text of at most 200 characters each. */
  messages: string[];
}

export class SimplefinAnswerError extends Error {}

const MESSAGE_LIMIT = 200;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Plain text: no markup, no control characters, one line, at most 200 characters. */
export function plainMessage(raw: unknown): string {
  const text = String(raw ?? '')
    .replace(/<[^>]*>/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT - 1)}…` : text;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function epochOf(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null;
}

function amountOf(value: unknown): Cents | null {
  return statementCents(text(value));
}

function rowOf(
  transaction: Json,
  index: number,
  timeZone: string,
  today: IsoDate,
): { row: StatementRow; pending: boolean } | null {
  const amountCents = amountOf(transaction.amount);
  const posted = epochOf(transaction.posted);
  const when = posted ?? epochOf(transaction.transacted_at);
  if (amountCents === null) return null;
  const description =
    [text(transaction.description), text(transaction.payee), text(transaction.memo)].find(
      (part) => part !== '',
    ) ?? 'Bank transaction';
  return {
    row: {
      line: index + 1,
      // A pending charge may carry no date yet: it is shown as of today.
      date: when === null ? today : todayInZone(when * 1000, timeZone),
      amountCents,
      description,
      bankId: text(transaction.id) || null,
    },
    pending: transaction.pending === true || posted === null,
  };
}

/**
 * Reads the answer's JSON (already parsed) in the person's zone (`today` is theirs, for a pending
 * charge with no date); throws when it is no SimpleFIN answer.
 */
export function readSimplefinAnswer(body: unknown, timeZone: string, today: IsoDate): SimplefinAnswer {
  if (!isObject(body) || !Array.isArray(body.accounts)) {
    throw new SimplefinAnswerError('The answer holds no accounts list');
  }
  const messages = [
    ...(Array.isArray(body.errors) ? body.errors : []),
    ...(Array.isArray(body.errlist)
      ? body.errlist.map((entry) => (isObject(entry) ? entry.msg : entry))
      : []),
  ]
    .map(plainMessage)
    .filter((message) => message !== '');
  const accounts = body.accounts.filter(isObject).map((account): SimplefinAccount => {
    const transactions = Array.isArray(account.transactions) ? account.transactions.filter(isObject) : [];
    const posted: StatementRow[] = [];
    const pending: StatementRow[] = [];
    let lastPostedEpoch: number | null = null;
    transactions.forEach((transaction, index) => {
      const read = rowOf(transaction, index, timeZone, today);
      if (!read) return;
      (read.pending ? pending : posted).push(read.row);
      const postedAt = epochOf(transaction.posted);
      if (!read.pending && postedAt !== null) lastPostedEpoch = Math.max(lastPostedEpoch ?? 0, postedAt);
    });
    const org = isObject(account.org) ? text(account.org.name) || text(account.org.domain) : '';
    const balanceEpoch = epochOf(account['balance-date']);
    return {
      id: text(account.id),
      org: org || 'Bank',
      name: text(account.name) || 'Account',
      currency: text(account.currency) || 'USD',
      balanceCents: amountOf(account.balance),
      balanceDate: balanceEpoch === null ? null : new Date(balanceEpoch * 1000).toISOString(),
      posted,
      pending,
      lastPostedEpoch,
    };
  });
  return { accounts: accounts.filter((account) => account.id !== ''), messages };
}
