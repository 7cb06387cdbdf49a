import { isIsoDate } from '../dates';
import type { IsoDate } from '../types';
import { statementCents } from './amounts';
import { child, descendants, parseMarkup, textAt, type Element } from './markup';
import { StatementError, statementsOfAccount, type ParsedStatement, type StatementRow } from './types';

/** OFX's aggregates: every other element is a leaf, closed or not. */
const AGGREGATES = new Set(
  `OFX SIGNONMSGSRSV1 SONRS STATUS FI BANKMSGSRSV1 STMTTRNRS STMTRS BANKACCTFROM BANKACCTTO
  BANKTRANLIST STMTTRN LEDGERBAL AVAILBAL CREDITCARDMSGSRSV1 CCSTMTTRNRS CCSTMTRS CCACCTFROM CCACCTTO
  PAYEE CURRENCY ORIGCURRENCY BALLIST BAL INVSTMTMSGSRSV1 MKTGINFO`.split(/\s+/),
);

/** OFX 1.x leaves may go unclosed, and an empty one ('<MEMO>') too: close the empty ones. */
function closeEmptyLeaves(text: string): string {
  return text.replace(/<([A-Za-z0-9.]+)>(\s*)(?=<(?!!\[CDATA\[))/g, (whole, name: string, space: string) =>
    AGGREGATES.has(name.toUpperCase()) ? whole : `<${name}></${name}>${space}`,
  );
}

/** '20261120', '20261120120000[-5:EST]', '2026-11-20T12:00:00' → '2026-11-20'. */
function ofxDate(raw: string): IsoDate | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(raw.trim());
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  return isIsoDate(date) ? date : null;
}

function accountOf(statement: Element): string {
  const from = child(statement, 'BANKACCTFROM') ?? child(statement, 'CCACCTFROM');
  return from ? textAt(from, 'ACCTID') : '';
}

/** The line of the file `element` starts on, the OFX header's lines counted. */
const lineOf = (element: Element | undefined, fallback: Element, headerLines: number) =>
  (element ?? fallback).line + headerLines;

function rowOf(transaction: Element, headerLines: number): StatementRow {
  const line = lineOf(undefined, transaction, headerLines);
  const dateElement = child(transaction, 'DTPOSTED') ?? child(transaction, 'DTUSER');
  const rawDate = dateElement?.text ?? '';
  const date = ofxDate(rawDate);
  if (!date) {
    throw new StatementError(
      `Line ${lineOf(dateElement, transaction, headerLines)}: "${rawDate}" is not a date (YYYYMMDD)`,
    );
  }
  const amountElement = child(transaction, 'TRNAMT');
  const rawAmount = amountElement?.text ?? '';
  // A few European banks write OFX amounts with a decimal comma ('-12,50').
  const amountCents = statementCents(rawAmount, !/\./.test(rawAmount) && /,\d{1,2}$/.test(rawAmount));
  if (amountCents === null) {
    throw new StatementError(
      `Line ${lineOf(amountElement, transaction, headerLines)}: "${rawAmount}" is not an amount`,
    );
  }
  const name = textAt(transaction, 'NAME') || textAt(transaction, 'PAYEE/NAME');
  const memo = textAt(transaction, 'MEMO');
  const description =
    [name, memo && memo !== name ? memo : ''].filter(Boolean).join(' ') || textAt(transaction, 'TRNTYPE');
  const fitId = textAt(transaction, 'FITID');
  return { line, date, amountCents, description, bankId: fitId || null };
}

/**
 * An OFX or QFX file, 1.x (SGML, unclosed tags, one line or many) or 2.x (XML): the bank or card
 * statement's transactions, and its ledger balance. A file with several accounts needs
 * `statementAccount` to say which.
 */
export function readOfx(text: string, statementAccount?: string | null): ParsedStatement {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new StatementError('This OFX file has no <OFX> section.');
  // The header's lines are counted, so that lines said in messages are the file's own.
  const headerLines = text.slice(0, start).split('\n').length - 1;
  const tree = parseMarkup(closeEmptyLeaves(text.slice(start)));
  const statements = [...descendants(tree, 'STMTRS'), ...descendants(tree, 'CCSTMTRS')];
  const chosen = statementsOfAccount(statements, accountOf, statementAccount);
  const rows = chosen.flatMap((statement) =>
    descendants(statement, 'STMTTRN').map((transaction) => rowOf(transaction, headerLines)),
  );
  const ledger = chosen[0] ? child(chosen[0], 'LEDGERBAL') : undefined;
  const balance = ledger ? statementCents(textAt(ledger, 'BALAMT')) : null;
  return {
    format: 'OFX',
    rows,
    statementBalanceCents: balance,
    statementBalanceDate: ledger ? ofxDate(textAt(ledger, 'DTASOF')) : null,
  };
}
