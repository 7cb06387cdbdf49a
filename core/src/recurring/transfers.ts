import { toDayNumber } from '../day-numbers';
import type { Cents, IsoDate } from '../types';

/** A movement as transfers are found among: its wallet, its date and its signed amount. */
export interface MovedMoney {
  walletId: string;
  date: IsoDate;
  /** Signed: money in > 0, money out < 0. */
  amountCents: Cents;
}

/**
 * Money moved between the household's own wallets (docs/product-rules.md, found in your bank and
 * where the money goes): the same amount out of one wallet and into another within a day. Paired
 * oldest first, each row once; both rows of a pair are in the answer.
 */
export function ownTransfers<T extends MovedMoney>(rows: readonly T[]): Set<T> {
  const dated = rows
    .map((row) => ({ row, day: toDayNumber(row.date), size: Math.abs(row.amountCents) }))
    .sort((a, b) => a.day - b.day);
  const inflows = new Map<Cents, typeof dated>();
  for (const entry of dated) {
    if (entry.row.amountCents <= 0) continue;
    const same = inflows.get(entry.size);
    if (same) same.push(entry);
    else inflows.set(entry.size, [entry]);
  }
  const paired = new Set<T>();
  for (const out of dated) {
    if (out.row.amountCents >= 0) continue;
    const match = (inflows.get(out.size) ?? []).find(
      (candidate) =>
        !paired.has(candidate.row) &&
        candidate.row.walletId !== out.row.walletId &&
        Math.abs(candidate.day - out.day) <= 1,
    );
    if (match) {
      paired.add(out.row);
      paired.add(match.row);
    }
  }
  return paired;
}
