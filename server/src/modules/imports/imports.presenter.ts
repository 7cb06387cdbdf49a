import type { CsvMapping as CoreCsvMapping } from '@truenet/core';
import type { CsvMapping, ImportBatch, ImportPreview, ImportRow } from '../../generated/graphql';
import type { BatchRow, PreviewRowData } from './imports.rows';
import type { PreviewResult } from './preview.service';

function presentMapping(mapping: CoreCsvMapping | null): CsvMapping | null {
  if (!mapping) return null;
  return {
    dateColumn: mapping.dateColumn,
    descriptionColumn: mapping.descriptionColumn,
    amountColumn: mapping.amountColumn ?? null,
    debitColumn: mapping.debitColumn ?? null,
    creditColumn: mapping.creditColumn ?? null,
    idColumn: mapping.idColumn ?? null,
    dateOrder: mapping.dateOrder,
    decimalComma: mapping.decimalComma ?? false,
    negate: mapping.negate ?? false,
    skipRows: mapping.skipRows ?? 1,
    delimiter: mapping.delimiter ?? null,
  };
}

function presentRow(row: PreviewRowData, index: number): ImportRow {
  return {
    index,
    date: row.date,
    amount: row.amountCents,
    description: row.description,
    bankId: row.bankId,
    status: row.status,
    selected: row.selected,
    similarTransactionId: row.similarTransactionId,
    billMatch: row.bill && {
      liabilityId: row.bill.liabilityId,
      creditorName: row.bill.creditorName,
      dueDate: row.bill.dueDate,
      scheduled: row.bill.scheduledCents,
    },
    incomeMatch: row.pay && {
      incomeSourceId: row.pay.incomeSourceId,
      sourceName: row.pay.sourceName,
      date: row.pay.date,
      expected: row.pay.expectedCents,
    },
  };
}

export function presentPreview({ preview, csvColumns, savedMapping }: PreviewResult): ImportPreview {
  return {
    id: preview.id,
    walletId: String(preview.wallet_id),
    fileName: preview.file_name,
    format: preview.format,
    encoding: preview.encoding,
    rows: preview.rows.map(presentRow),
    newCount: preview.rows.filter((row) => row.status === 'NEW').length,
    duplicateCount: preview.rows.filter((row) => row.status === 'DUPLICATE').length,
    statementBalance:
      preview.statement_balance_cents === null ? null : Number(preview.statement_balance_cents),
    statementBalanceDate: preview.statement_balance_date,
    csvHeader: csvColumns?.header ?? null,
    csvSample: csvColumns?.sample ?? null,
    savedMapping: presentMapping(savedMapping),
    // A bank sync's review waits as long as it takes.
    expiresAt: preview.review ? null : preview.expires_at.toISOString(),
  };
}

export function presentBatch(row: BatchRow): ImportBatch {
  return {
    id: row.id,
    walletId: String(row.wallet_id),
    fileName: row.file_name,
    format: row.format,
    createdAt: row.created_at.toISOString(),
    importedCount: row.imported_count,
    skippedCount: row.skipped_count,
    billsSettled: row.bills_settled,
    depositsMarked: row.deposits_marked,
    balanceSetTo: row.balance_set_to_cents === null ? null : Number(row.balance_set_to_cents),
    undoneAt: row.undone_at ? row.undone_at.toISOString() : null,
    enteredBy: row.entered_by_name,
  };
}
