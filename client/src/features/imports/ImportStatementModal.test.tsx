import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { ImportBatchRowFragment, ImportPreviewViewFragment } from '../../gql/graphql';
import { renderWithApollo, type Resolvers } from '../../kit/testing';
import { ImportStatementModal } from './ImportStatementModal';
import { previewCounts, rowChoices, statusLabel, type PreviewRow } from './importView';

const WALLET = { walletId: '1', walletName: 'Checking' };

function row(overrides: Partial<PreviewRow> = {}): PreviewRow {
  return {
    index: 0,
    date: '2026-11-02',
    amount: -52.1,
    description: 'KROGER #123',
    bankId: 'A1',
    status: 'NEW',
    selected: true,
    similarTransactionId: null,
    billMatch: null,
    incomeMatch: null,
    ...overrides,
  };
}

function preview(
  rows: PreviewRow[],
  overrides: Partial<ImportPreviewViewFragment> = {},
): ImportPreviewViewFragment {
  return {
    id: 'p1',
    walletId: '1',
    fileName: 'november.ofx',
    format: 'OFX',
    encoding: 'UTF-8',
    newCount: rows.filter((r) => r.status === 'NEW').length,
    duplicateCount: rows.filter((r) => r.status === 'DUPLICATE').length,
    statementBalance: null,
    statementBalanceDate: null,
    csvHeader: null,
    csvSample: null,
    savedMapping: null,
    rows,
    ...overrides,
  };
}

const batch = (overrides: Partial<ImportBatchRowFragment> = {}): ImportBatchRowFragment => ({
  id: 'b1',
  walletId: '1',
  fileName: 'november.ofx',
  format: 'OFX',
  createdAt: '2026-11-20T15:00:00Z',
  importedCount: 1,
  skippedCount: 2,
  billsSettled: 1,
  depositsMarked: 0,
  balanceSetTo: null,
  undoneAt: null,
  ...overrides,
});

const RENT = { liabilityId: '7', creditorName: 'Rent', dueDate: '2026-11-01', scheduled: 1200 };

function renderModal(resolvers: Resolvers) {
  return renderWithApollo(<ImportStatementModal wallet={WALLET} onClose={() => {}} />, {
    walletRegister: () => [
      {
        id: '55',
        walletId: '1',
        direction: 'SPENT',
        amount: 4.5,
        date: '2026-11-20',
        transactionDescription: 'coffee',
        createdAt: '2026-11-20T15:00:00Z',
        importBatchId: null,
      },
    ],
    importBatches: () => [],
    ...resolvers,
  });
}

async function chooseFile(name: string, text: string) {
  const input = document.getElementById('import-statement-file') as HTMLInputElement;
  await userEvent.upload(input, new File([text], name, { type: 'application/octet-stream' }));
}

describe('Import statement', () => {
  it('previews the rows with their status and match, imports the ticked ones, and undoes the import', async () => {
    const previewRows = [
      row({ index: 0, amount: -1200, description: 'ACH RENT', billMatch: RENT }),
      row({ index: 1, status: 'DUPLICATE', selected: false, description: 'OLD ONE' }),
      row({
        index: 2,
        status: 'POSSIBLE_DUPLICATE',
        selected: false,
        amount: -4.5,
        similarTransactionId: '55',
      }),
      row({ index: 3, description: 'GAS', amount: -30 }),
    ];
    const confirmed: unknown[] = [];
    const undone: unknown[] = [];
    const { operations } = renderModal({
      previewImport: () => preview(previewRows),
      confirmImport: (args) => {
        confirmed.push(args);
        return batch();
      },
      undoImportBatch: (args) => {
        undone.push(args);
        return batch({ undoneAt: '2026-11-20T15:01:00Z' });
      },
    });
    await chooseFile('november.ofx', 'OFXHEADER:100');

    expect(
      await screen.findByText('2 new · 1 already imported · 1 looks like one you typed'),
    ).toBeInTheDocument();
    expect(screen.getByText('Already imported')).toBeInTheDocument();
    expect(screen.getByText('Looks like one you typed on Nov 20')).toBeInTheDocument();
    expect(screen.getByLabelText('Pays Rent due Nov 1 ($1,200.00)')).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Import OLD ONE/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import 2 transactions' })).toBeEnabled();

    await userEvent.click(screen.getByRole('checkbox', { name: /^Import GAS/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Import 1 transaction' }));
    expect(await screen.findByText('Imported 1 transaction, paid 1 bill, skipped 2.')).toBeInTheDocument();
    expect(confirmed[0]).toMatchObject({
      previewId: 'p1',
      applyStatementBalance: false,
      rows: [
        { index: 0, import: true, settleLiabilityId: '7', markIncomeSourceId: null },
        { index: 1, import: false },
        { index: 2, import: false },
        { index: 3, import: false },
      ],
    });
    expect(operations.map((operation) => operation.operationName)).toContain('PreviewImport');

    await userEvent.click(screen.getByRole('button', { name: 'Undo this import' }));
    expect(await screen.findByText(/The import of november.ofx is undone/)).toBeInTheDocument();
    expect(undone[0]).toMatchObject({ id: 'b1' });
  });

  it('asks for the columns of a CSV file, then previews it with the chosen mapping', async () => {
    const asked: Record<string, unknown>[] = [];
    renderModal({
      previewImport: (args) => {
        asked.push(args);
        return args.csv
          ? preview([row()], { format: 'CSV' })
          : preview([], {
              format: 'CSV',
              csvHeader: ['Date', 'Description', 'Debit', 'Credit'],
              csvSample: [['20/11/2026', 'Shop', '3,50', '']],
            });
      },
    });
    await chooseFile('bank.csv', 'Date;Description;Debit;Credit');
    expect(
      await screen.findByText('Which column holds what? These are the first lines of the file.'),
    ).toBeInTheDocument();
    // Guessed from the names and the sample: debit and credit columns, day first, a decimal comma.
    expect(screen.getByLabelText('Dates are written')).toHaveValue('DMY');
    expect(screen.getByLabelText('A debit column and a credit column')).toBeChecked();
    expect(screen.getByLabelText('Amounts use a decimal comma (1.234,56)')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Show the transactions' }));
    expect(await screen.findByText('1 new')).toBeInTheDocument();
    expect(asked[1]?.csv).toMatchObject({
      dateColumn: 0,
      descriptionColumn: 1,
      amountColumn: null,
      debitColumn: 2,
      creditColumn: 3,
      dateOrder: 'DMY',
      decimalComma: true,
      skipRows: 1,
    });
  });

  it('asks how a QIF file writes its dates when the file cannot tell', async () => {
    const asked: Record<string, unknown>[] = [];
    renderModal({
      previewImport: (args) => {
        asked.push(args);
        if (!args.qifDateOrder) {
          throw new GraphQLError('Choose how this file writes its dates.', {
            extensions: { code: 'BAD_USER_INPUT', reason: 'DATE_ORDER_NEEDED' },
          });
        }
        return preview([row()], { format: 'QIF' });
      },
    });
    await chooseFile('a.qif', '!Type:Bank');
    await userEvent.click(await screen.findByLabelText('Day first (02/11/2026 is Nov 2)'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('1 new')).toBeInTheDocument();
    expect(asked[1]).toMatchObject({ qifDateOrder: 'DMY' });
  });

  it("says why a file is refused, in the server's words, and stays on the file step", async () => {
    renderModal({
      previewImport: () => {
        throw new GraphQLError('Line 14: "31/02/2026" is not a date (DD/MM/YYYY)', {
          extensions: { code: 'BAD_USER_INPUT', reason: 'BAD_FILE' },
        });
      },
    });
    await chooseFile('bad.csv', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Line 14: "31/02/2026" is not a date (DD/MM/YYYY)',
    );
    expect(screen.getByLabelText('Choose a file')).toBeEnabled();
  });

  it('lists the wallet’s earlier imports with Undo until undone', async () => {
    renderModal({
      importBatches: () => [
        batch({ id: 'b2', fileName: 'october.ofx' }),
        batch({ undoneAt: '2026-11-21T10:00:00Z' }),
      ],
      undoImportBatch: () => batch({ id: 'b2', undoneAt: '2026-11-21T11:00:00Z' }),
    });
    const history = await screen.findByRole('region', { name: 'Imported before into this wallet' });
    expect(within(history).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(history).getByRole('button', { name: 'Undo the import of october.ofx' }));
    await waitFor(() => expect(screen.getByText(/The import of october.ofx is undone/)).toBeInTheDocument());
  });
});

describe('import view', () => {
  it('names each status as people read it', () => {
    const typed = new Map([['9', '2026-11-20']]);
    expect(statusLabel(row(), typed)).toBe('New');
    expect(statusLabel(row({ status: 'DELETED_BEFORE' }), typed)).toBe('Deleted before');
    expect(statusLabel(row({ status: 'POSSIBLE_DUPLICATE', similarTransactionId: '9' }), typed)).toBe(
      'Looks like one you typed on Nov 20',
    );
    expect(statusLabel(row({ status: 'POSSIBLE_DUPLICATE', similarTransactionId: 'gone' }), typed)).toBe(
      'Looks like one you typed',
    );
    expect(previewCounts([])).toBe('No transactions in this file');
  });

  it('never asks to import a duplicate, and applies a match only to an imported row', () => {
    const rows = [row({ status: 'DUPLICATE', selected: false }), row({ index: 1, billMatch: RENT })];
    expect(
      rowChoices(rows, [
        { import: true, useMatch: true },
        { import: true, useMatch: false },
      ]),
    ).toEqual([
      { index: 0, import: false, settleLiabilityId: null, markIncomeSourceId: null },
      { index: 1, import: true, settleLiabilityId: null, markIncomeSourceId: null },
    ]);
  });
});
