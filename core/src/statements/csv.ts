import { statementCents } from './amounts';
import { DATE_ORDER_LABEL, readDate } from './dates';
import { StatementError, type DateOrder, type ParsedStatement, type StatementRow } from './types';

/** Which columns hold what (counted from 0), and how the file writes dates and amounts. */
export interface CsvMapping {
  dateColumn: number;
  descriptionColumn: number;
  /** One signed amount column, or a debit and a credit column. */
  amountColumn?: number | null;
  debitColumn?: number | null;
  creditColumn?: number | null;
  idColumn?: number | null;
  dateOrder: DateOrder;
  /** '1.234,56'. */
  decimalComma?: boolean;
  /** Card exports that show charges as positive amounts. */
  negate?: boolean;
  /** Lines before the first transaction (the header, and any bank preamble). */
  skipRows?: number;
  delimiter?: string | null;
}

/** A CSV line: its fields and the line of the file it starts on (quoted fields may span lines). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** The delimiter of the first lines: the one of ',', ';', tab and '|' that splits them most evenly. */
export function detectDelimiter(text: string): string {
  const lines = text
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, 10);
  let best = ',';
  let bestScore = -1;
  for (const candidate of [',', ';', '\t', '|']) {
    const counts = lines.map((line) => splitRecords(line, candidate)[0]?.fields.length ?? 1);
    const widest = Math.max(...counts, 1);
    if (widest < 2) continue;
    // The count most lines share, weighted by how many share it.
    const share = counts.filter((count) => count === widest).length;
    const score = share * widest;
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** RFC 4180 with what banks add: any line ending (CR alone too), quotes doubled inside quotes. */
function splitRecords(text: string, delimiter: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  // Whether the field so far is only white space (a quote there opens a quoted field).
  let blank = true;
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line += 1;
        field += char;
      }
    } else if (char === '"' && blank) {
      quoted = true;
      field = '';
      blank = false;
    } else if (char === delimiter) {
      fields.push(field);
      field = '';
      blank = true;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      fields.push(field);
      records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      blank = true;
      line += 1;
      recordLine = line;
    } else {
      field += char;
      if (char !== ' ' && char !== '\t') blank = false;
    }
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ line: recordLine, fields });
  }
  return records.filter((record) => record.fields.some((value) => value.trim() !== ''));
}

/** The header and the first rows, for the column picker. */
export function csvSample(text: string, delimiter?: string | null): { header: string[]; sample: string[][] } {
  const records = splitRecords(text, delimiter || detectDelimiter(text));
  return {
    header: records[0]?.fields.map((value) => value.trim()) ?? [],
    sample: records.slice(1, 6).map((record) => record.fields.map((value) => value.trim())),
  };
}

function cell(record: CsvRecord, column: number | null | undefined): string {
  return column === null || column === undefined ? '' : (record.fields[column] ?? '').trim();
}

/** A CSV file read through `mapping`. */
export function readCsv(text: string, mapping: CsvMapping): ParsedStatement {
  const hasAmount = mapping.amountColumn !== null && mapping.amountColumn !== undefined;
  const hasDebitCredit = [mapping.debitColumn, mapping.creditColumn].some(
    (c) => c !== null && c !== undefined,
  );
  if (!hasAmount && !hasDebitCredit) {
    throw new StatementError('Choose the amount column, or the debit and credit columns.');
  }
  const records = splitRecords(text, mapping.delimiter || detectDelimiter(text));
  // Lines of the file, blank ones counted: what a person sees in an editor.
  const skip = mapping.skipRows ?? 1;
  const rows: StatementRow[] = records
    .filter((record) => record.line > skip)
    .map((record) => {
      const rawDate = cell(record, mapping.dateColumn);
      const date = readDate(rawDate, mapping.dateOrder);
      if (!date) {
        throw new StatementError(
          `Line ${record.line}: "${rawDate}" is not a date (${DATE_ORDER_LABEL[mapping.dateOrder]})`,
        );
      }
      let amountCents: number | null;
      if (hasAmount) {
        const raw = cell(record, mapping.amountColumn);
        amountCents = statementCents(raw, mapping.decimalComma);
        if (amountCents === null) throw new StatementError(`Line ${record.line}: "${raw}" is not an amount`);
      } else {
        const debitRaw = cell(record, mapping.debitColumn);
        const creditRaw = cell(record, mapping.creditColumn);
        const debit = debitRaw ? statementCents(debitRaw, mapping.decimalComma) : 0;
        const credit = creditRaw ? statementCents(creditRaw, mapping.decimalComma) : 0;
        if (debit === null) throw new StatementError(`Line ${record.line}: "${debitRaw}" is not an amount`);
        if (credit === null) throw new StatementError(`Line ${record.line}: "${creditRaw}" is not an amount`);
        // A debit column holds money out, whichever sign the bank gives it.
        amountCents = Math.abs(credit) - Math.abs(debit);
      }
      if (mapping.negate) amountCents = -amountCents;
      return {
        line: record.line,
        date,
        amountCents: amountCents === 0 ? 0 : amountCents,
        description: cell(record, mapping.descriptionColumn),
        bankId: cell(record, mapping.idColumn) || null,
      };
    });
  return { format: 'CSV', rows, statementBalanceCents: null, statementBalanceDate: null };
}
