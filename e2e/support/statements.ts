import type { Page } from 'playwright-core';

export interface StatementTransaction {
  date: string;
  amount: number;
  name: string;
  fitid: string;
}

/** A bank's OFX 1.x export (SGML, unclosed tags, Windows-1252) as banks write it. */
export function ofxStatement(transactions: StatementTransaction[]): Buffer {
  const compact = (date: string) => date.replaceAll('-', '');
  const text = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'ENCODING:USASCII',
    'CHARSET:1252',
    '',
    '<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD',
    '<BANKACCTFROM><BANKID>121000248<ACCTID>000123456<ACCTTYPE>CHECKING</BANKACCTFROM>',
    '<BANKTRANLIST>',
    ...transactions.map(
      (txn) =>
        `<STMTTRN><TRNTYPE>${txn.amount < 0 ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${compact(txn.date)}` +
        `<TRNAMT>${txn.amount.toFixed(2)}<FITID>${txn.fitid}<NAME>${txn.name}</STMTTRN>`,
    ),
    '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\r\n');
  return Buffer.from(text, 'latin1');
}

/** Chooses a statement file in the open Import statement screen. */
export async function chooseStatementFile(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page
    .locator('#import-statement-file')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
}
