import { isIsoDate } from '../dates';
import type { IsoDate } from '../types';
import { statementCents } from './amounts';
import { child, descendants, parseMarkup, textAt, type Element } from './markup';
import { StatementError, statementsOfAccount, type ParsedStatement, type StatementRow } from './types';

function isoDateOf(element: Element | undefined): IsoDate | null {
  if (!element) return null;
  const raw = textAt(element, 'Dt') || textAt(element, 'DtTm');
  const date = raw.slice(0, 10);
  return isIsoDate(date) ? date : null;
}

/** A child's text, directly under `element` only (an entry's own, not one of its details'). */
function own(element: Element, name: string): string {
  return element.children.find((candidate) => candidate.name === name.toUpperCase())?.text ?? '';
}

function description(entry: Element, details: Element | undefined): string {
  const source = details ?? entry;
  const parts = [
    textAt(source, 'RltdPties/Cdtr/Nm') || textAt(source, 'RltdPties/Dbtr/Nm'),
    descendants(source, 'USTRD')
      .map((line) => line.text)
      .join(' '),
    own(entry, 'AddtlNtryInf'),
  ].filter(Boolean);
  return [...new Set(parts)].join(' ');
}

/**
 * An ISO 20022 camt.053 statement: each entry (`Ntry`) is a row, or each of its transaction details
 * (`TxDtls`) when it books a batch. `CdtDbtInd` alone gives the sign (a reversal is booked in its
 * own direction) and `RvslInd` marks a reversal in the description. A detail's bank id is its
 * `Refs/AcctSvcrRef`, else the entry's with `#` and its position; an id repeated in the file gets
 * `#2`, `#3`… The closing booked balance (`CLBD`) is the statement's balance.
 */
export function readCamt053(text: string, statementAccount?: string | null): ParsedStatement {
  const tree = parseMarkup(text);
  const statements = descendants(tree, 'STMT');
  if (statements.length === 0) throw new StatementError('This camt.053 file has no statement (Stmt).');
  // Several statements: several days of one account are read together; several accounts, one.
  const accountOf = (statement: Element) =>
    textAt(statement, 'Acct/Id/IBAN') || textAt(statement, 'Acct/Id/Othr/Id');
  const chosen = statementsOfAccount(statements, accountOf, statementAccount);
  const rows: StatementRow[] = [];
  const seen = new Map<string, number>();
  const uniqueId = (id: string | null) => {
    if (!id) return null;
    const count = (seen.get(id) ?? 0) + 1;
    seen.set(id, count);
    return count === 1 ? id : `${id}#${count}`;
  };
  for (const entry of chosen.flatMap((statement) => descendants(statement, 'NTRY'))) {
    const date = isoDateOf(child(entry, 'BOOKGDT')) ?? isoDateOf(child(entry, 'VALDT'));
    if (!date) throw new StatementError(`Line ${entry.line}: this entry has no booking or value date.`);
    const sign = own(entry, 'CdtDbtInd').toUpperCase() === 'DBIT' ? -1 : 1;
    const reversal = own(entry, 'RvslInd').toLowerCase() === 'true';
    const entryRef = own(entry, 'AcctSvcrRef') || null;
    const details = descendants(entry, 'TXDTLS');
    const parts = details.length > 1 ? details : [undefined];
    parts.forEach((detail, index) => {
      // A detail's own Amt, else its transaction amount (never the instructed one, which may be in
      // another currency), else the entry's.
      const txAmount = (element: Element) => textAt(child(element, 'AMTDTLS') ?? element, 'TxAmt/Amt');
      const rawAmount = (detail && (own(detail, 'Amt') || txAmount(detail))) || own(entry, 'Amt');
      const cents = statementCents(rawAmount);
      if (cents === null)
        throw new StatementError(`Line ${(detail ?? entry).line}: "${rawAmount}" is not an amount`);
      const detailRef = detail ? textAt(detail, 'Refs/AcctSvcrRef') : '';
      const bankId = detailRef || (detail && entryRef ? `${entryRef}#${index + 1}` : entryRef);
      const text = description(entry, detail ?? details[0]);
      rows.push({
        line: (detail ?? entry).line,
        date,
        amountCents: sign * Math.abs(cents),
        description: reversal ? `Reversal: ${text}` : text,
        bankId: uniqueId(bankId),
      });
    });
  }
  const last = chosen[chosen.length - 1] as Element;
  const closing = descendants(last, 'BAL').find(
    (balance) => textAt(balance, 'Tp/CdOrPrtry/Cd').toUpperCase() === 'CLBD',
  );
  let statementBalanceCents: number | null = null;
  if (closing) {
    const cents = statementCents(textAt(closing, 'Amt'));
    const sign = own(closing, 'CdtDbtInd').toUpperCase() === 'DBIT' ? -1 : 1;
    statementBalanceCents = cents === null ? null : sign * cents;
  }
  return {
    format: 'CAMT053',
    rows,
    statementBalanceCents,
    statementBalanceDate: closing ? isoDateOf(child(closing, 'DT')) : null,
  };
}
