import type { CsvMapping } from '@truenet/core';
import type { CsvMappingInput, ImportRowChoice, Resolvers } from '../../generated/graphql';
import { badUserInput } from '../../errors';
import { ledgerOf, requireMember, requireWriter } from '../../policies';
import { rowId, uuidRowId } from '../../input/row-id';
import { requestDay } from '../../input/today';
import { presentWallet } from '../wallets/wallets.presenter';
import { deleteTransaction } from '../wallets/wallets.service';
import { confirmImport, type RowChoice } from './confirm.service';
import { presentBatch, presentPreview } from './imports.presenter';
import { previewImport } from './preview.service';
import { listImportBatches, listImportReviews, undoImportBatch } from './undo.service';

const DELIMITERS = [',', ';', '\t', '|'];
const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;

/** The file's bytes; text that is not base64 is refused rather than read as something else. */
function fileBytes(contentBase64: string): Uint8Array {
  if (!BASE64.test(contentBase64)) throw badUserInput('The file could not be read: choose it again', 'file');
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length === 0) throw badUserInput('This file is empty', 'file');
  return bytes;
}

function fileNameOf(fileName: string): string {
  const name = fileName.trim();
  if (name === '' || name.length > 255)
    throw badUserInput('The file name must be 1 to 255 characters', 'fileName');
  return name;
}

/** The columns a person picked; what cannot be a column of a real file is refused by name. */
function csvMappingOf(input: CsvMappingInput | null | undefined): CsvMapping | null {
  if (!input) return null;
  const columns = {
    dateColumn: input.dateColumn,
    descriptionColumn: input.descriptionColumn,
    amountColumn: input.amountColumn ?? null,
    debitColumn: input.debitColumn ?? null,
    creditColumn: input.creditColumn ?? null,
    idColumn: input.idColumn ?? null,
  };
  for (const [field, column] of Object.entries(columns)) {
    if (column !== null && (column < 0 || column > 500)) {
      throw badUserInput('A column number must be from 0 to 500', `csv.${field}`);
    }
  }
  const skipRows = input.skipRows ?? 1;
  if (skipRows < 0 || skipRows > 1000)
    throw badUserInput('Lines to skip must be from 0 to 1,000', 'csv.skipRows');
  if (input.delimiter && !DELIMITERS.includes(input.delimiter)) {
    throw badUserInput('The separator must be a comma, a semicolon, a tab or a bar', 'csv.delimiter');
  }
  return {
    ...columns,
    dateOrder: input.dateOrder,
    decimalComma: input.decimalComma ?? false,
    negate: input.negate ?? false,
    skipRows,
    delimiter: input.delimiter || null,
  };
}

function rowChoiceOf(choice: ImportRowChoice): RowChoice {
  return {
    index: choice.index,
    import: choice.import,
    settleLiabilityId: choice.settleLiabilityId ? rowId(choice.settleLiabilityId, 'Expense') : null,
    markIncomeSourceId: choice.markIncomeSourceId ? rowId(choice.markIncomeSourceId, 'Income source') : null,
  };
}

/** GraphQL adapters of statement import (docs/product-rules.md §14). */
export const importsResolvers: Resolvers = {
  Query: {
    importBatches: async (_parent, { walletId }, ctx) => {
      const user = await requireMember(ctx);
      const wallet = walletId ? rowId(walletId, 'Wallet') : null;
      return (await listImportBatches(ctx.deps.dataSource, user.household.id, wallet)).map(presentBatch);
    },
    importReviews: async (_parent, _args, ctx) => {
      const user = await requireMember(ctx);
      return (await listImportReviews(ctx.deps.dataSource, user.household.id)).map((preview) =>
        presentPreview({ preview, csvColumns: null, savedMapping: null }),
      );
    },
  },
  Mutation: {
    previewImport: async (_parent, args, ctx) => {
      const user = await requireWriter(ctx);
      const walletId = rowId(args.walletId, 'Wallet');
      const request = {
        walletId,
        fileName: fileNameOf(args.fileName),
        bytes: fileBytes(args.contentBase64),
        csv: csvMappingOf(args.csv),
        qifDateOrder: args.qifDateOrder ?? null,
        statementAccount: args.statementAccount ?? null,
      };
      const day = await requestDay(ctx, user, args.timeZone);
      return presentPreview(await previewImport(ctx.deps, ledgerOf(user), request, day));
    },
    confirmImport: async (_parent, args, ctx) => {
      const user = await requireWriter(ctx);
      const previewId = uuidRowId(args.previewId, 'Import preview');
      const choices = (args.rows ?? []).map(rowChoiceOf);
      const day = await requestDay(ctx, user, args.timeZone);
      const batch = await confirmImport(
        ctx.deps,
        ledgerOf(user),
        previewId,
        choices,
        args.applyStatementBalance ?? false,
        day,
      );
      return presentBatch(batch);
    },
    undoImportBatch: async (_parent, { id, timeZone }, ctx) => {
      const user = await requireWriter(ctx);
      const batchId = uuidRowId(id, 'Import');
      const day = await requestDay(ctx, user, timeZone);
      return presentBatch(await undoImportBatch(ctx.deps, ledgerOf(user), batchId, day));
    },
    deleteTransaction: async (_parent, { id }, ctx) => {
      const user = await requireWriter(ctx);
      return presentWallet(await deleteTransaction(ctx.deps, user.household.id, rowId(id, 'Transaction')));
    },
  },
};
