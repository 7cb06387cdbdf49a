import type { CsvMappingInput, DateOrder } from '../../gql/graphql';

/** The lines a CSV preview shows: the first line, then the 5 after it. */
export function sampleLines(header: readonly string[], sample: readonly (readonly string[])[]): string[][] {
  return [[...header], ...sample.map((line) => [...line])];
}

export function columnCount(lines: readonly (readonly string[])[]): number {
  return Math.max(0, ...lines.map((line) => line.length));
}

const NAMES = {
  date: /date|datum|posted|booking/i,
  description: /desc|memo|payee|name|details|narrative|verwendung|text/i,
  amount: /amount|betrag|value|sum/i,
  debit: /debit|withdrawal|paid out|money out|charge/i,
  credit: /credit|deposit|paid in|money in/i,
  id: /^(id|transaction id|reference|ref|fitid)$/i,
};

/** The line that names the columns: the first one where a column is called a date. */
function headerLineOf(lines: readonly (readonly string[])[]): number {
  const found = lines.findIndex((line) => line.some((cell) => NAMES.date.test(cell)));
  return found === -1 ? -1 : found;
}

/** The date order a sample's dates say, when they say it (a day above 12, or a 4-digit year first). */
export function guessDateOrder(values: readonly string[]): DateOrder {
  let order: DateOrder = 'MDY';
  for (const value of values) {
    const parts = value.trim().split(/[/.\-\s]+/);
    if (parts.length < 3) continue;
    const [first, second] = parts.map(Number) as [number, number];
    if ((parts[0] ?? '').length === 4) return 'YMD';
    if (first > 12) return 'DMY';
    if (second > 12) order = 'MDY';
  }
  return order;
}

/**
 * The mapping to start from: the wallet's saved one, else what the column names suggest, so that a
 * common bank export needs no change at all.
 */
export function initialMapping(
  lines: readonly (readonly string[])[],
  saved: Partial<CsvMappingInput> | null | undefined,
): CsvMappingInput {
  if (saved && saved.dateColumn != null && saved.descriptionColumn != null && saved.dateOrder) {
    return {
      dateColumn: saved.dateColumn,
      descriptionColumn: saved.descriptionColumn,
      amountColumn: saved.amountColumn ?? null,
      debitColumn: saved.debitColumn ?? null,
      creditColumn: saved.creditColumn ?? null,
      idColumn: saved.idColumn ?? null,
      dateOrder: saved.dateOrder,
      decimalComma: saved.decimalComma ?? false,
      negate: saved.negate ?? false,
      skipRows: saved.skipRows ?? 1,
      delimiter: saved.delimiter ?? null,
    };
  }
  const headerLine = headerLineOf(lines);
  const header = headerLine === -1 ? [] : (lines[headerLine] ?? []);
  const find = (pattern: RegExp) => {
    const index = header.findIndex((cell) => pattern.test(cell));
    return index === -1 ? null : index;
  };
  const dateColumn = find(NAMES.date) ?? 0;
  const amountColumn = find(NAMES.amount);
  const debitColumn = amountColumn === null ? find(NAMES.debit) : null;
  const creditColumn = amountColumn === null ? find(NAMES.credit) : null;
  const dataLines = lines.slice(headerLine + 1);
  const dates = dataLines.map((line) => line[dateColumn] ?? '');
  const amounts = dataLines.map((line) => line[amountColumn ?? debitColumn ?? -1] ?? '').join(' ');
  return {
    dateColumn,
    descriptionColumn: find(NAMES.description) ?? Math.min(1, Math.max(0, columnCount(lines) - 1)),
    amountColumn: amountColumn ?? (debitColumn === null ? Math.max(0, columnCount(lines) - 1) : null),
    debitColumn,
    creditColumn,
    idColumn: find(NAMES.id),
    dateOrder: guessDateOrder(dates),
    // '1.234,56' or '-12,50': a comma followed by exactly two digits at the end.
    decimalComma: /\d,\d{2}(\s|$)/.test(amounts) && !/\d\.\d{2}(\s|$)/.test(amounts),
    negate: false,
    skipRows: headerLine + 1,
    delimiter: null,
  };
}

/** Whether the mapping names what a row needs: a date, a description and its money. */
export function mappingProblem(mapping: CsvMappingInput): string | null {
  const hasAmount = mapping.amountColumn != null;
  const hasPair = mapping.debitColumn != null && mapping.creditColumn != null;
  if (!hasAmount && !hasPair) return 'Choose the amount column, or the debit and credit columns.';
  return null;
}
