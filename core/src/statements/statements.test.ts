import fc from 'fast-check';
import {
  decodeStatement,
  detectDelimiter,
  detectFormat,
  foldDescription,
  ledgerKeys,
  readCamt053,
  readCsv,
  readOfx,
  readQif,
  readStatement,
  statementCents,
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_ROWS,
  StatementError,
  UNKNOWN_FORMAT_MESSAGE,
  type StatementRow,
} from './index';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A bank's OFX 1.02 export as banks write it: SGML header, unclosed leaves, an empty MEMO. */
const OFX_SGML = [
  'OFXHEADER:100',
  'DATA:OFXSGML',
  'VERSION:102',
  'SECURITY:NONE',
  'ENCODING:USASCII',
  'CHARSET:1252',
  'COMPRESSION:NONE',
  'OLDFILEUID:NONE',
  'NEWFILEUID:NONE',
  '',
  '<OFX>',
  '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261120120000[-5:EST]<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>',
  '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
  '<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>121000248<ACCTID>1234567890<ACCTTYPE>CHECKING</BANKACCTFROM>',
  '<BANKTRANLIST><DTSTART>20261101<DTEND>20261120',
  '<STMTTRN>',
  '<TRNTYPE>DEBIT',
  '<DTPOSTED>20261103120000[-5:EST]',
  '<TRNAMT>-1400.00',
  '<FITID>202611030001',
  '<NAME>ROCKET MORTGAGE',
  '<MEMO>',
  '</STMTTRN>',
  '<STMTTRN>',
  '<TRNTYPE>CREDIT',
  '<DTPOSTED>20261107',
  '<TRNAMT>2000.00',
  '<FITID>202611070001',
  '<NAME>ACME PAYROLL',
  '<MEMO>DIRECT DEP &amp; MORE',
  '</STMTTRN>',
  '<STMTTRN><TRNTYPE>POS<DTPOSTED>20261109<TRNAMT>-4.755<FITID>202611090001<NAME>CORNER CAFE</STMTTRN>',
  '</BANKTRANLIST>',
  '<LEDGERBAL><BALAMT>2595.25<DTASOF>20261120</LEDGERBAL>',
  '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
  '</OFX>',
].join('\r\n');

/** OFX 2.x: XML with its processing instructions, a credit card statement. */
const OFX_XML = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>0</TRNUID>
    <CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>4111XXXXXXXX1111</ACCTID></CCACCTFROM>
      <BANKTRANLIST>
        <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261112000000.000</DTPOSTED><TRNAMT>-21.00</TRNAMT>
          <FITID>FIT-1</FITID><NAME><![CDATA[NETFLIX.COM <STREAMING>]]></NAME></STMTTRN>
        <STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261114</DTPOSTED><TRNAMT>150.00</TRNAMT>
          <FITID>FIT-2</FITID><NAME>PAYMENT THANK YOU</NAME></STMTTRN>
      </BANKTRANLIST>
      <LEDGERBAL><BALAMT>-321.50</BALAMT><DTASOF>20261120</DTASOF></LEDGERBAL>
    </CCSTMTRS>
  </CCSTMTTRNRS></CREDITCARDMSGSRSV1>
</OFX>`;

function amounts(rows: readonly StatementRow[]) {
  return rows.map((row) => [row.date, row.amountCents, row.description, row.bankId]);
}

describe('OFX and QFX', () => {
  it('reads OFX 1.x SGML with unclosed tags, an empty memo, entities and the ledger balance', () => {
    const statement = readOfx(OFX_SGML);
    expect(amounts(statement.rows)).toEqual([
      ['2026-11-03', -140_000, 'ROCKET MORTGAGE', '202611030001'],
      ['2026-11-07', 200_000, 'ACME PAYROLL DIRECT DEP & MORE', '202611070001'],
      // Three decimals round to cents, half away from zero.
      ['2026-11-09', -476, 'CORNER CAFE', '202611090001'],
    ]);
    expect(statement).toMatchObject({ statementBalanceCents: 259_525, statementBalanceDate: '2026-11-20' });
    // Lines are the file's own, header included.
    expect(statement.rows[0]?.line).toBe(16);
  });

  it('reads the same file written on one line', () => {
    const oneLine = OFX_SGML.replace(/\r\n/g, '');
    expect(amounts(readOfx(oneLine).rows)).toEqual(amounts(readOfx(OFX_SGML).rows));
  });

  it('reads OFX 2.x XML card statements, CDATA included', () => {
    const statement = readOfx(OFX_XML);
    expect(amounts(statement.rows)).toEqual([
      ['2026-11-12', -2_100, 'NETFLIX.COM <STREAMING>', 'FIT-1'],
      ['2026-11-14', 15_000, 'PAYMENT THANK YOU', 'FIT-2'],
    ]);
    expect(statement.statementBalanceCents).toBe(-32_150);
  });

  it('asks which account of a file with several, then reads that one', () => {
    const two = OFX_SGML.replace(
      '</BANKMSGSRSV1>',
      '<STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>999<ACCTTYPE>SAVINGS</BANKACCTFROM><BANKTRANLIST>' +
        '<STMTTRN><DTPOSTED>20261110<TRNAMT>5.00<FITID>S1<NAME>INTEREST</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    );
    let error: unknown;
    try {
      readOfx(two);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StatementError);
    expect(error).toMatchObject({ code: 'ACCOUNT_CHOICE_NEEDED', accounts: ['1234567890', '999'] });
    expect(amounts(readOfx(two, '999').rows)).toEqual([['2026-11-10', 500, 'INTEREST', 'S1']]);
  });

  it('a statement with no transactions is a statement with no rows', () => {
    const empty = OFX_SGML.replace(/<STMTTRN>[\s\S]*<\/STMTTRN>/, '');
    expect(readOfx(empty).rows).toEqual([]);
  });

  it('says the line of a date that is not one', () => {
    expect(() => readOfx(OFX_SGML.replace('<DTPOSTED>20261107', '<DTPOSTED>20261131'))).toThrow(
      'Line 26: "20261131" is not a date (YYYYMMDD)',
    );
  });
});

describe('QIF', () => {
  const us = [
    '!Type:Bank',
    'D11/03/2026',
    'T-1,400.00',
    'PRocket Mortgage',
    '^',
    'D11/17/2026',
    'T5,762.36',
    'PAcme',
    'MPay',
    '^',
  ].join('\n');

  it('reads US dates, settled for the file by a day above 12, and amounts with thousands', () => {
    expect(amounts(readQif(us).rows)).toEqual([
      ['2026-11-03', -140_000, 'Rocket Mortgage', null],
      ['2026-11-17', 576_236, 'Acme Pay', null],
    ]);
  });

  it('reads day-first files, settled once (never line by line), and short years', () => {
    const dmy = [
      '!Type:CCard',
      "D03/11'26",
      'U-21.00',
      'PNetflix',
      '^',
      'D17/11/2026',
      'T-4.50',
      'PCafé',
      '^',
    ].join('\r\n');
    expect(amounts(readQif(dmy).rows)).toEqual([
      ['2026-11-03', -2_100, 'Netflix', null],
      ['2026-11-17', -450, 'Café', null],
    ]);
  });

  it('asks for the order when every date reads both ways, and reads it as chosen', () => {
    const ambiguous = ['!Type:Bank', 'D03/04/2026', 'T-10', 'PShop', '^'].join('\n');
    expect(() => readQif(ambiguous)).toThrow(expect.objectContaining({ code: 'DATE_ORDER_NEEDED' }));
    expect(readQif(ambiguous, 'DMY').rows[0]?.date).toBe('2026-04-03');
    expect(readQif(ambiguous, 'MDY').rows[0]?.date).toBe('2026-03-04');
  });

  it('says the line and the order of a date that does not exist', () => {
    const bad = ['!Type:Bank', 'D31/12/2026', 'T-1', '^', 'D31/02/2026', 'T-1', '^'].join('\n');
    expect(() => readQif(bad)).toThrow('Line 5: "31/02/2026" is not a date (DD/MM/YYYY)');
  });
});

describe('CSV', () => {
  it('reads a signed amount column with quotes, $ and thousands, after the header', () => {
    const text =
      'Date,Description,Amount,Id\n11/03/2026,"Rocket Mortgage, LLC","-$1,400.00",A1\n11/07/2026,Acme Payroll,"2,000.00",A2\n';
    const rows = readCsv(text, {
      dateColumn: 0,
      descriptionColumn: 1,
      amountColumn: 2,
      idColumn: 3,
      dateOrder: 'MDY',
    }).rows;
    expect(amounts(rows)).toEqual([
      ['2026-11-03', -140_000, 'Rocket Mortgage, LLC', 'A1'],
      ['2026-11-07', 200_000, 'Acme Payroll', 'A2'],
    ]);
  });

  it("reads ';' files with decimal commas, bank lines before the table and CR-only line endings", () => {
    const text = [
      'Konto;DE12 3456',
      'Zeitraum;01.11.2026 - 20.11.2026',
      'Datum;Text;Soll;Haben',
      '03.11.2026;Miete;1.400,00;',
      '07.11.2026;Gehalt;;2.000,00',
    ].join('\r');
    const rows = readCsv(text, {
      dateColumn: 0,
      descriptionColumn: 1,
      debitColumn: 2,
      creditColumn: 3,
      dateOrder: 'DMY',
      decimalComma: true,
      skipRows: 3,
    }).rows;
    expect(amounts(rows)).toEqual([
      ['2026-11-03', -140_000, 'Miete', null],
      ['2026-11-07', 200_000, 'Gehalt', null],
    ]);
    expect(rows[0]?.line).toBe(4);
  });

  it('negates card exports that show charges as positive', () => {
    const rows = readCsv('date,what,amount\n2026-11-12,Netflix,21.00\n2026-11-14,Payment,-150.00', {
      dateColumn: 0,
      descriptionColumn: 1,
      amountColumn: 2,
      dateOrder: 'YMD',
      negate: true,
    }).rows;
    expect(rows.map((row) => row.amountCents)).toEqual([-2_100, 15_000]);
  });

  it('without a mapping answers its header and first rows', () => {
    const result = readStatement('export.csv', utf8('Date;Text;Amount\n03.11.2026;Miete;-1.400,00\n'));
    expect(result).toMatchObject({
      kind: 'csvColumns',
      header: ['Date', 'Text', 'Amount'],
      sample: [['03.11.2026', 'Miete', '-1.400,00']],
    });
  });

  it('says the line of an amount that is not one', () => {
    expect(() =>
      readCsv('d,t,a\n2026-11-01,x,1\n2026-11-02,y,abc', {
        dateColumn: 0,
        descriptionColumn: 1,
        amountColumn: 2,
        dateOrder: 'YMD',
      }),
    ).toThrow('Line 3: "abc" is not an amount');
  });
});

describe('camt.053', () => {
  const camt = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
 <BkToCstmrStmt><Stmt><Id>S1</Id>
  <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-01</Dt></Dt></Bal>
  <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1234.56</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-20</Dt></Dt></Bal>
  <Ntry><Amt Ccy="EUR">1400.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-11-03</Dt></BookgDt><ValDt><Dt>2026-11-04</Dt></ValDt>
   <AcctSvcrRef>REF-1</AcctSvcrRef><NtryDtls><TxDtls><RmtInf><Ustrd>Rent November</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
  <Ntry><Amt Ccy="EUR">300.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-11-05</Dt></BookgDt><AcctSvcrRef>BATCH-9</AcctSvcrRef>
   <NtryDtls><Btch><NbOfTxs>2</NbOfTxs></Btch>
    <TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">100.00</Amt></TxAmt></AmtDtls><RltdPties><Dbtr><Nm>Ann</Nm></Dbtr></RltdPties></TxDtls>
    <TxDtls><Refs><AcctSvcrRef>TX-2</AcctSvcrRef></Refs><Amt Ccy="EUR">200.00</Amt><RltdPties><Dbtr><Nm>Bob</Nm></Dbtr></RltdPties></TxDtls>
   </NtryDtls></Ntry>
  <Ntry><Amt Ccy="EUR">1400.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>true</RvslInd><ValDt><Dt>2026-11-06</Dt></ValDt>
   <AcctSvcrRef>REF-1</AcctSvcrRef><AddtlNtryInf>Rent returned</AddtlNtryInf></Ntry>
 </Stmt></BkToCstmrStmt>
</Document>`;

  it('reads entries and each detail of a batch, the sign from CdtDbtInd, reversals named, ids made unique', () => {
    const statement = readCamt053(camt);
    expect(amounts(statement.rows)).toEqual([
      ['2026-11-03', -140_000, 'Rent November', 'REF-1'],
      ['2026-11-05', 10_000, 'Ann', 'BATCH-9#1'],
      ['2026-11-05', 20_000, 'Bob', 'TX-2'],
      ['2026-11-06', 140_000, 'Reversal: Rent returned', 'REF-1#2'],
    ]);
    expect(statement).toMatchObject({ statementBalanceCents: 123_456, statementBalanceDate: '2026-11-20' });
    expect(detectFormat('stmt.xml', camt)).toBe('CAMT053');
  });
});

describe('files people really have', () => {
  it("decodes Windows-1252 ('Café' stays 'Café'), UTF-8 with a BOM and UTF-16", () => {
    const cafe = new Uint8Array([0x43, 0x61, 0x66, 0xe9]);
    expect(decodeStatement(cafe)).toEqual({ text: 'Café', encoding: 'WINDOWS-1252' });
    expect(decodeStatement(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Café')]))).toEqual({
      text: 'Café',
      encoding: 'UTF-8',
    });
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'Café'].flatMap((char) => [char.charCodeAt(0), 0])]);
    expect(decodeStatement(utf16)).toEqual({ text: 'Café', encoding: 'UTF-16LE' });
    const utf16NoBom = new Uint8Array([...'Date,Amount'].flatMap((char) => [char.charCodeAt(0), 0]));
    expect(decodeStatement(utf16NoBom).encoding).toBe('UTF-16LE');
  });

  it('reads an OFX whose header says CHARSET:1252 as Windows-1252', () => {
    const text = OFX_SGML.replace('ROCKET MORTGAGE', 'CAFÉ');
    const bytes = new Uint8Array([...text].map((char) => (char === 'É' ? 0xc9 : char.charCodeAt(0))));
    const result = readStatement('bank.qfx', bytes);
    expect(result.kind === 'statement' && result.statement.rows[0]?.description).toBe('CAFÉ');
  });

  it('tells formats apart by their content first, then by their name', () => {
    expect(detectFormat('download.txt', OFX_SGML)).toBe('OFX');
    expect(detectFormat('x.qif', '!Type:Bank\n')).toBe('QIF');
    expect(detectFormat('x.pdf', '%PDF-1.4')).toBeNull();
    expect(() => readStatement('statement.pdf', utf8('%PDF-1.4'))).toThrow(UNKNOWN_FORMAT_MESSAGE);
  });

  it('amounts as banks write them', () => {
    expect(
      ['-12.50', '12.5-', '(12.50)', '+12.50', '$1,234.56', '1234.565', '-0.005', ''].map((raw) =>
        statementCents(raw),
      ),
    ).toEqual([-1_250, -1_250, -1_250, 1_250, 123_456, 123_457, -1, null]);
    expect(statementCents('1.234,56', true)).toBe(123_456);
    expect(statementCents('abc')).toBeNull();
  });
});

describe('the keys of the import ledger', () => {
  it('two identical coffees on one day are two rows, found again in the same order', () => {
    const coffee = {
      line: 1,
      date: '2026-11-09',
      amountCents: -450,
      description: 'Corner  Cafe',
      bankId: null,
    };
    const keys = ledgerKeys([coffee, { ...coffee, description: 'corner cafe' }]);
    expect(keys).toEqual(['fp:2026-11-09|-450|corner cafe|1', 'fp:2026-11-09|-450|corner cafe|2']);
  });

  it('rows with bank ids are keyed by them: different ids never meet', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 2, maxLength: 20 }),
        (ids) => {
          const rows = ids.map((bankId) => ({
            line: 1,
            date: '2026-11-09',
            amountCents: -450,
            description: 'Same',
            bankId,
          }));
          expect(new Set(ledgerKeys(rows)).size).toBe(ids.length);
        },
      ),
    );
  });

  it('generated QIF files read back exactly what was written', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 1, max: 28 }),
            month: fc.integer({ min: 1, max: 12 }),
            cents: fc.integer({ min: -99_999_999, max: 99_999_999 }),
            payee: fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,20}$/),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (records) => {
          const withLate = [...records, { day: 28, month: 12, cents: 100, payee: 'Late' }];
          const text = ['!Type:Bank']
            .concat(
              withLate.flatMap((r) => [
                `D${String(r.day).padStart(2, '0')}/${String(r.month).padStart(2, '0')}/2026`,
                `T${(r.cents / 100).toFixed(2)}`,
                `P${r.payee}`,
                '^',
              ]),
            )
            .join('\n');
          const rows = readQif(text).rows;
          expect(rows.map((row) => row.amountCents)).toEqual(withLate.map((r) => r.cents));
          expect(rows.map((row) => row.date)).toEqual(
            withLate.map((r) => `2026-${String(r.month).padStart(2, '0')}-${String(r.day).padStart(2, '0')}`),
          );
        },
      ),
    );
  });
});

describe('bad input is said where it is, and limits as limits', () => {
  it('names the line of an amount that is not one, in every format', () => {
    expect(() => readOfx(OFX_SGML.replace('<TRNAMT>2000.00', '<TRNAMT>two'))).toThrow(
      'Line 27: "two" is not an amount',
    );
    expect(() =>
      readQif(['!Type:Bank', 'D12/31/2026', 'Tabc', 'N1001', 'LGroceries', '^'].join('\n')),
    ).toThrow('Line 2: "abc" is not an amount');
    const camt = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
      <Ntry><Amt>lots</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-11-03</Dt></BookgDt></Ntry></Stmt></BkToCstmrStmt></Document>`;
    expect(() => readCamt053(camt)).toThrow('Line 2: "lots" is not an amount');
    expect(() => readCamt053('<Document/>')).toThrow('This camt.053 file has no statement (Stmt).');
    expect(() =>
      readCsv('d\tt\tdebit\tcredit\n2026-11-01\tx\tten\t', {
        dateColumn: 0,
        descriptionColumn: 1,
        debitColumn: 2,
        creditColumn: 3,
        dateOrder: 'YMD',
      }),
    ).toThrow('Line 2: "ten" is not an amount');
    expect(() =>
      readCsv('d,t,a\n2026-11-01,x,', { dateColumn: 0, descriptionColumn: 1, dateOrder: 'YMD' }),
    ).toThrow('Choose the amount column, or the debit and credit columns.');
  });

  it('keeps a quoted field across lines, with its quotes doubled, and counts the lines right', () => {
    const text = 'd,t,a\n2026-11-01,"two\nlines ""quoted""",-1\n2026-11-02,next,-2';
    const rows = readCsv(text, {
      dateColumn: 0,
      descriptionColumn: 1,
      amountColumn: 2,
      dateOrder: 'YMD',
    }).rows;
    expect(rows.map((row) => [row.line, row.description])).toEqual([
      [2, 'two\nlines "quoted"'],
      [4, 'next'],
    ]);
  });

  it('reads UTF-16 big-endian files and numeric entities', () => {
    const be = new Uint8Array([0xfe, 0xff, ...[...'Café'].flatMap((char) => [0, char.charCodeAt(0)])]);
    expect(decodeStatement(be)).toEqual({ text: 'Café', encoding: 'UTF-16BE' });
    const xml = OFX_XML.replace('PAYMENT THANK YOU', 'CAF&#201; &#xC9;');
    expect(readOfx(xml).rows[1]?.description).toBe('CAFÉ É');
  });

  it('refuses files over 5 MiB or 20,000 rows, whole', () => {
    const many = ['!Type:Bank', ...Array.from({ length: 20_001 }, () => 'D12/31/2026\nT-1\n^')].join('\n');
    expect(() => readStatement('big.qif', utf8(many))).toThrow('TrueNet reads at most 20,000 at once');
    const huge = `date,amount\n${'x'.repeat(5 * 1024 * 1024)}`;
    expect(() => readStatement('huge.csv', utf8(huge))).toThrow('larger than 5 MiB');
  });

  it('reads a file through the one entry point, with its choices', () => {
    const qif = utf8(['!Type:Bank', 'D03/04/2026', 'T-10', 'PShop', '^'].join('\n'));
    expect(() => readStatement('a.qif', qif)).toThrow(expect.objectContaining({ code: 'DATE_ORDER_NEEDED' }));
    const result = readStatement('a.qif', qif, { qifDateOrder: 'DMY' });
    expect(result).toMatchObject({ kind: 'statement', encoding: 'UTF-8', statement: { format: 'QIF' } });
    const csv = readStatement('a.csv', utf8('d,t,a\n2026-11-01,x,-1'), {
      csv: { dateColumn: 0, descriptionColumn: 1, amountColumn: 2, dateOrder: 'YMD' },
    });
    expect(csv.kind === 'statement' && csv.statement.rows[0]?.amountCents).toBe(-100);
    expect(
      readStatement('x.xml', utf8('<Document><BkToCstmrStmt><Stmt></Stmt></BkToCstmrStmt></Document>')),
    ).toMatchObject({
      statement: { format: 'CAMT053', rows: [] },
    });
    expect(readStatement('x.ofx', utf8(OFX_XML))).toMatchObject({ statement: { format: 'OFX' } });
  });
});

describe('the helpers the import screens use', () => {
  it('detects the delimiter, folds descriptions and states the limits', () => {
    expect(detectDelimiter('a;b;c\n1;2;3')).toBe(';');
    expect(detectDelimiter('a\tb\n1\t2')).toBe('\t');
    expect(detectDelimiter('one column\nonly')).toBe(',');
    expect(foldDescription('  Corner   CAFE ')).toBe('corner cafe');
    expect([STATEMENT_MAX_BYTES, STATEMENT_MAX_ROWS]).toEqual([5 * 1024 * 1024, 20_000]);
  });

  it('names the line and the order of a CSV date that is not one', () => {
    expect(() =>
      readCsv('d,t,a\n31/02/2026,x,1', {
        dateColumn: 0,
        descriptionColumn: 1,
        amountColumn: 2,
        dateOrder: 'DMY',
      }),
    ).toThrow('Line 2: "31/02/2026" is not a date (DD/MM/YYYY)');
  });
});

describe('what a review found in files people (and attackers) have', () => {
  it('reads a file of unclosed markup in time that grows with the file, not its square', () => {
    expect(() => readOfx(`<OFX>${'<a '.repeat(200_000)}`)).not.toThrow();
    expect(() => readOfx(`<OFX>${'<!--x'.repeat(100_000)}`)).toThrow(StatementError);
    expect(() => readOfx(`<OFX>${'<STMTTRN>'.repeat(500)}`)).toThrow('nests deeper than a statement does');
    const csv = `a${'"'.repeat(400_000)}`;
    expect(detectDelimiter(csv)).toBe(',');
    // Within Jest's 5-second limit for a test: each of these took over ten seconds before.
  });

  it('never reads a comma in the wrong place as thousands: it is no amount, and the row is reported', () => {
    expect(statementCents('-1400,00')).toBeNull();
    expect(statementCents('1,2345.00')).toBeNull();
    expect(statementCents('1,234,567.89')).toBe(123_456_789);
    expect(readQif(['!Type:Bank', 'D12/31/2026', 'T-12,50', '^'].join('\n')).rows[0]?.amountCents).toBe(
      -1_250,
    );
  });

  it('reads only the transactions of a Quicken export, not its account list or categories', () => {
    const text = [
      '!Option:AutoSwitch',
      '!Account',
      'NChecking',
      'TBank',
      '^',
      '!Type:Cat',
      'NGroceries',
      '^',
      '!Type:Bank',
      'D12/31/2026',
      'T-5',
      'PShop',
      '^',
    ].join('\n');
    expect(amounts(readQif(text).rows)).toEqual([['2026-12-31', -500, 'Shop', null]]);
  });

  it("reads every statement of a camt.053 file, asks which account when there are several, and takes a detail's transaction amount", () => {
    const stmt = (iban: string, day: string, extra = '') =>
      `<Stmt><Acct><Id><IBAN>${iban}</IBAN></Id></Acct><Ntry><Amt>100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>${day}</Dt></BookgDt>
       <NtryDtls>${extra}</NtryDtls></Ntry></Stmt>`;
    const batch =
      '<TxDtls><AmtDtls><InstdAmt><Amt Ccy="USD">66.00</Amt></InstdAmt><TxAmt><Amt Ccy="EUR">60.00</Amt></TxAmt></AmtDtls></TxDtls>' +
      '<TxDtls><AmtDtls><InstdAmt><Amt Ccy="USD">44.00</Amt></InstdAmt><TxAmt><Amt Ccy="EUR">40.00</Amt></TxAmt></AmtDtls></TxDtls>';
    const days = `<Document><BkToCstmrStmt>${stmt('DE1', '2026-11-02', batch)}${stmt('DE1', '2026-11-03')}</BkToCstmrStmt></Document>`;
    expect(readCamt053(days).rows.map((row) => [row.date, row.amountCents])).toEqual([
      ['2026-11-02', 6_000],
      ['2026-11-02', 4_000],
      ['2026-11-03', 10_000],
    ]);
    const two = `<Document><BkToCstmrStmt>${stmt('DE1', '2026-11-02')}${stmt('DE2', '2026-11-03')}</BkToCstmrStmt></Document>`;
    expect(() => readCamt053(two)).toThrow(
      expect.objectContaining({ code: 'ACCOUNT_CHOICE_NEEDED', accounts: ['DE1', 'DE2'] }),
    );
    expect(readCamt053(two, 'DE2').rows.map((row) => row.date)).toEqual(['2026-11-03']);
  });

  it('skips comments and declarations', () => {
    const xml = OFX_XML.replace(
      '<BANKTRANLIST>',
      '<!DOCTYPE list><!-- exported by the bank --><BANKTRANLIST>',
    );
    expect(readOfx(xml).rows).toHaveLength(2);
  });

  it('counts skipped lines as lines, blank ones included; keeps entities it cannot read as they are; refuses oversized bytes before decoding', () => {
    const text = 'Bank export\n\nAccount;1\nDate;Text;Amount\n2026-11-01;x;-1';
    const rows = readCsv(text, {
      dateColumn: 0,
      descriptionColumn: 1,
      amountColumn: 2,
      dateOrder: 'YMD',
      skipRows: 4,
    }).rows;
    expect(rows.map((row) => row.line)).toEqual([5]);
    expect(readOfx(OFX_XML.replace('PAYMENT THANK YOU', 'A &#99999999; B')).rows[1]?.description).toBe(
      'A &#99999999; B',
    );
    expect(() => readStatement('big.csv', new Uint8Array(10 * 1024 * 1024 + 1))).toThrow('larger than 5 MiB');
  });
});
