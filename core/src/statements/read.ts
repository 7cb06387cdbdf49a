import { readCamt053 } from './camt053';
import { csvSample, readCsv, type CsvMapping } from './csv';
import { decodeStatement, type DecodedText } from './decode';
import { readOfx } from './ofx';
import { readQif } from './qif';
import {
  StatementError,
  UNKNOWN_FORMAT_MESSAGE,
  type DateOrder,
  type ParsedStatement,
  type StatementFormat,
} from './types';

/** Statements are at most 5 MiB decoded and 20,000 rows: larger files are refused, whole. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
export const STATEMENT_MAX_ROWS = 20_000;

/** What a file is, by its name and its first characters (a bank's '.txt' OFX is still OFX). */
export function detectFormat(fileName: string, text: string): StatementFormat | null {
  const head = text.slice(0, 2000).trimStart();
  if (/^OFXHEADER:/i.test(head) || /<OFX>/i.test(head)) return 'OFX';
  if (/urn:iso:std:iso:20022:tech:xsd:camt\.053/i.test(head) || /<BkToCstmrStmt>/i.test(head))
    return 'CAMT053';
  if (/^!(Type|Account|Option)/i.test(head)) return 'QIF';
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if (extension === 'ofx' || extension === 'qfx') return 'OFX';
  if (extension === 'qif') return 'QIF';
  if (extension === 'csv' || extension === 'txt' || extension === 'tsv') return 'CSV';
  if (extension === 'xml') return 'CAMT053';
  return null;
}

export interface ReadOptions {
  csv?: CsvMapping | null;
  qifDateOrder?: DateOrder | null;
  statementAccount?: string | null;
}

export type ReadResult =
  | { kind: 'statement'; encoding: DecodedText['encoding']; statement: ParsedStatement }
  /** A CSV file read without a mapping: its columns, for the person to map. */
  | { kind: 'csvColumns'; encoding: DecodedText['encoding']; header: string[]; sample: string[][] };

/**
 * Reads a statement file from its bytes: decodes it, tells its format, and hands it to that
 * format's reader. Pure: bytes in, rows out. Refuses, with a message that says why, a file over
 * the limits or of no known format.
 */
export function readStatement(fileName: string, bytes: Uint8Array, options: ReadOptions = {}): ReadResult {
  // Refused before decoding: UTF-16 takes two bytes a character, so 10 MiB of bytes at the most.
  if (bytes.length > 2 * STATEMENT_MAX_BYTES) {
    throw new StatementError('This file is larger than 5 MiB: export a shorter period from your bank.');
  }
  const { text, encoding } = decodeStatement(bytes);
  if (text.length > STATEMENT_MAX_BYTES) {
    throw new StatementError('This file is larger than 5 MiB: export a shorter period from your bank.');
  }
  const format = detectFormat(fileName, text);
  if (!format) throw new StatementError(UNKNOWN_FORMAT_MESSAGE, 'UNKNOWN_FORMAT');
  if (format === 'CSV' && !options.csv) return { kind: 'csvColumns', encoding, ...csvHeaderAndSample(text) };
  const statement =
    format === 'OFX'
      ? readOfx(text, options.statementAccount)
      : format === 'QIF'
        ? readQif(text, options.qifDateOrder)
        : format === 'CAMT053'
          ? readCamt053(text, options.statementAccount)
          : readCsv(text, options.csv as CsvMapping);
  if (statement.rows.length > STATEMENT_MAX_ROWS) {
    throw new StatementError(
      `This file has ${statement.rows.length} transactions; TrueNet reads at most 20,000 at once.`,
    );
  }
  return { kind: 'statement', encoding, statement };
}

function csvHeaderAndSample(text: string) {
  const { header, sample } = csvSample(text);
  return { header, sample };
}
