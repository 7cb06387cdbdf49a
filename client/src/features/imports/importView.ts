import { formatShortDate } from '@truenet/core';
import type { ImportPreviewViewFragment, ImportRowChoice } from '../../gql/graphql';
import { formatDollars } from '../../components/money';

export type PreviewRow = ImportPreviewViewFragment['rows'][number];

/** What the person decided for a row on screen: imported or not, and whether its match is applied. */
export interface RowDecision {
  import: boolean;
  useMatch: boolean;
}

/** The preview's own selection: new rows and their matches. */
export function initialDecisions(rows: readonly PreviewRow[]): RowDecision[] {
  return rows.map((row) => ({ import: row.selected, useMatch: row.selected }));
}

/** A row that can never be imported again, whatever is ticked. */
export function isLocked(row: PreviewRow): boolean {
  return row.status === 'DUPLICATE' || row.status === 'PENDING';
}

/** The status as the person reads it; a look-alike names the day of the entry it resembles. */
export function statusLabel(row: PreviewRow, typedDates: ReadonlyMap<string, string>): string {
  switch (row.status) {
    case 'NEW':
      return 'New';
    case 'DUPLICATE':
      return 'Already imported';
    case 'DELETED_BEFORE':
      return 'Deleted before';
    case 'PENDING':
      return 'Pending at the bank';
    case 'POSSIBLE_DUPLICATE': {
      const typedOn = row.similarTransactionId ? typedDates.get(row.similarTransactionId) : undefined;
      return typedOn ? `Looks like one you typed on ${formatShortDate(typedOn)}` : 'Looks like one you typed';
    }
  }
}

/** What the row would also do: pay a bill's occurrence, or record a pay as deposited. */
export function matchLabel(row: PreviewRow): string | null {
  if (row.billMatch) {
    return `Pays ${row.billMatch.creditorName} due ${formatShortDate(row.billMatch.dueDate)} (${formatDollars(row.billMatch.scheduled)})`;
  }
  if (row.incomeMatch) {
    return `Deposits ${row.incomeMatch.sourceName} of ${formatShortDate(row.incomeMatch.date)} (${formatDollars(row.incomeMatch.expected)})`;
  }
  return null;
}

/** The choices to send: every row, so the server applies exactly what the screen shows. */
export function rowChoices(
  rows: readonly PreviewRow[],
  decisions: readonly RowDecision[],
): ImportRowChoice[] {
  return rows.map((row, index) => {
    const decision = decisions[index] ?? { import: false, useMatch: false };
    const imported = decision.import && !isLocked(row);
    const useMatch = imported && decision.useMatch;
    return {
      index: row.index,
      import: imported,
      settleLiabilityId: useMatch && row.billMatch ? row.billMatch.liabilityId : null,
      markIncomeSourceId: useMatch && row.incomeMatch ? row.incomeMatch.incomeSourceId : null,
    };
  });
}

/** How many rows the button will import. */
export function chosenCount(rows: readonly PreviewRow[], decisions: readonly RowDecision[]): number {
  return rows.filter((row, index) => decisions[index]?.import && !isLocked(row)).length;
}

export function importButtonLabel(count: number): string {
  return count === 1 ? 'Import 1 transaction' : `Import ${count} transactions`;
}

/** The counts above the table: '12 new · 30 already imported · 1 looks like one you typed'. */
export function previewCounts(rows: readonly PreviewRow[]): string {
  const count = (status: PreviewRow['status']) => rows.filter((row) => row.status === status).length;
  const parts = [
    [count('NEW'), 'new'],
    [count('DUPLICATE'), 'already imported'],
    [
      count('POSSIBLE_DUPLICATE'),
      count('POSSIBLE_DUPLICATE') === 1 ? 'looks like one you typed' : 'look like ones you typed',
    ],
    [count('DELETED_BEFORE'), 'deleted before'],
    [count('PENDING'), 'pending'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, words]) => `${n} ${words}`);
  return said.length > 0 ? said.join(' · ') : 'No transactions in this file';
}

/** The summary after an import, in words. */
export function batchSummary(batch: {
  importedCount: number;
  skippedCount: number;
  billsSettled: number;
  depositsMarked: number;
  balanceSetTo?: number | null;
}): string {
  const parts = [`Imported ${batch.importedCount} transaction${batch.importedCount === 1 ? '' : 's'}`];
  if (batch.billsSettled > 0)
    parts.push(`paid ${batch.billsSettled} bill${batch.billsSettled === 1 ? '' : 's'}`);
  if (batch.depositsMarked > 0) {
    parts.push(`recorded ${batch.depositsMarked} pay${batch.depositsMarked === 1 ? '' : 's'} as deposited`);
  }
  if (batch.skippedCount > 0) parts.push(`skipped ${batch.skippedCount}`);
  const sentence = `${parts.join(', ')}.`;
  return batch.balanceSetTo != null
    ? `${sentence} The balance is now ${formatDollars(batch.balanceSetTo)}, as the statement says.`
    : sentence;
}
