import { statementCents } from './amounts';
import { DATE_ORDER_LABEL, detectDateOrder, readDate } from './dates';
import { StatementError, type DateOrder, type ParsedStatement, type StatementRow } from './types';

interface QifRecord {
  line: number;
  date: string;
  amount: string;
  payee: string;
  memo: string;
  number: string;
}

/**
 * A QIF file of a bank or card account: one record per transaction ('D' date, 'T' or 'U' amount,
 * 'P' payee, 'M' memo, 'N' number, '^' end). The order of its dates is settled once for the file
 * (`dateOrder` when the person chose it), never guessed line by line.
 */
export function readQif(text: string, dateOrder?: DateOrder | null): ParsedStatement {
  const records: QifRecord[] = [];
  let current: QifRecord | null = null;
  const lines = text.split(/\r\n|\r|\n/);
  // Only transaction sections are read: an account list, categories or memorized payees are not.
  let inTransactions = true;
  lines.forEach((rawLine, index) => {
    const line = rawLine.trimEnd();
    if (line === '') return;
    if (line.startsWith('!')) {
      const header = line.toLowerCase();
      if (header.startsWith('!type:')) inTransactions = /^!type:(bank|cash|ccard|oth a|oth l)\b/.test(header);
      else if (header.startsWith('!account')) inTransactions = false;
      current = null;
      return;
    }
    if (!inTransactions) return;
    if (line.startsWith('^')) {
      if (current && (current.date || current.amount)) records.push(current);
      current = null;
      return;
    }
    current ??= { line: index + 1, date: '', amount: '', payee: '', memo: '', number: '' };
    const value = line.slice(1).trim();
    switch (line[0]) {
      case 'D':
        current.date = value;
        break;
      case 'T':
      case 'U':
        current.amount ||= value;
        break;
      case 'P':
        current.payee = value;
        break;
      case 'M':
        current.memo = value;
        break;
      case 'N':
        current.number = value;
        break;
      default:
        break;
    }
  });
  if (current && ((current as QifRecord).date || (current as QifRecord).amount)) records.push(current);

  const order = dateOrder ?? detectDateOrder(records.map((record) => record.date));
  if (!order && records.length > 0) {
    throw new StatementError(
      'The dates of this file read as month first or day first (like 03/04/2026): choose which.',
      'DATE_ORDER_NEEDED',
    );
  }
  const rows: StatementRow[] = records.map((record) => {
    const date = readDate(record.date, order as DateOrder);
    if (!date) {
      throw new StatementError(
        `Line ${record.line}: "${record.date}" is not a date (${DATE_ORDER_LABEL[order as DateOrder]})`,
      );
    }
    // Some exports write decimal commas ('-12,50'): read as such, never as thousands.
    const amountCents = statementCents(
      record.amount,
      !record.amount.includes('.') && /,\d{1,2}$/.test(record.amount),
    );
    if (amountCents === null)
      throw new StatementError(`Line ${record.line}: "${record.amount}" is not an amount`);
    const description = [record.payee, record.memo && record.memo !== record.payee ? record.memo : '']
      .filter(Boolean)
      .join(' ');
    return { line: record.line, date, amountCents, description, bankId: null };
  });
  return { format: 'QIF', rows, statementBalanceCents: null, statementBalanceDate: null };
}
