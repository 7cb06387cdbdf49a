import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { createReadyUser, gql, seedWallet } from '../support/api';
import { expectText, openTab, tabPanel } from '../support/dashboard';
import { addDays, TIME_ZONE, today } from '../support/dates';
import { JOURNEY_TIMEOUT_MS, useJourneyEnvironment } from '../support/journey';
import { ofxStatement } from '../support/statements';

const env = useJourneyEnvironment();

test(
  'the year in pictures: a statement drawn as cash flow and spending, read from the keyboard, downloaded as CSV',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j37-reports');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'reports', { firstName: 'Rae', lastName: 'Porter' });
    const walletId = await seedWallet(app, user, { walletName: 'Checking', balance: 2500 });
    // Three months of pay and shopping: $6,000.00 in, $1,234.56 out, whatever months they fall in.
    const day = (back: number) => addDays(today(), -back);
    const rows = [
      { date: day(80), amount: 2000, name: 'ACME CORP DES:PAYROLL ID:000123', fitid: 'p1' },
      { date: day(75), amount: -400, name: 'KING SOOPERS #0012 DENVER CO', fitid: 'g1' },
      { date: day(50), amount: 2000, name: 'ACME CORP DES:PAYROLL ID:000124', fitid: 'p2' },
      { date: day(45), amount: -380.5, name: 'KING SOOPERS #0012 DENVER CO', fitid: 'g2' },
      { date: day(40), amount: -54.06, name: 'TST* SHAKE SHACK 2779', fitid: 'd1' },
      { date: day(20), amount: 2000, name: 'ACME CORP DES:PAYROLL ID:000125', fitid: 'p3' },
      { date: day(15), amount: -400, name: 'KING SOOPERS #0012 DENVER CO', fitid: 'g3' },
    ];
    const { previewImport } = await gql<{ previewImport: { id: string } }>(
      app,
      'PreviewImport',
      {
        walletId,
        fileName: 'checking.ofx',
        contentBase64: ofxStatement(rows).toString('base64'),
        timeZone: TIME_ZONE,
      },
      user.token,
    );
    await gql(app, 'ConfirmImport', { previewId: previewImport.id, timeZone: TIME_ZONE }, user.token);

    await journey.step('sign in and open Reports: each chart summed up in a sentence', async () => {
      await journey.signIn(user);
      await openTab(page, 'Reports');
      const reports = tabPanel(page, 'Reports');
      await reports.getByRole('button', { name: '6 months', exact: true }).click();
      await expectText(
        reports,
        /^In the last 6 months, \$6,000\.00 came in and \$1,234\.56 went out to bills and spending: \+\$4,765\.44\./,
      );
      await expectText(
        reports,
        /^\$1,234\.56 spent in these months; Groceries took the most, \$1,180\.50 \(96%\)\.$/,
      );
      // The statement moved the wallet by its $4,765.44.
      await expectText(
        reports,
        /^Your net worth is \$7,265\.44 today \(wallets \$7,265\.44, debts \$0\.00\)/,
      );
      await journey.screen('reports');
    });

    await journey.step('a chart read from the keyboard, and its table', async () => {
      const reports = tabPanel(page, 'Reports');
      const chart = reports.getByRole('group', { name: /^Cash flow by month: the arrow keys/ });
      await chart.focus();
      await page.keyboard.press('End');
      await expectText(
        reports,
        /^[A-Z][a-z]{2} \d{4}: in \$[\d,.]+, bills \$0\.00, spending \$[\d,.]+, net /,
      );
      const cashFlow = reports.getByRole('region', { name: 'Cash flow by month' });
      await cashFlow.getByText('The numbers').click();
      await cashFlow.getByRole('table').waitFor();
      assert.equal(await cashFlow.getByRole('row').count(), 7, 'a header and six months');
      await journey.screen('table');
    });

    await journey.step('Download CSV: the same months, the same money', async () => {
      const cashFlow = tabPanel(page, 'Reports').getByRole('region', { name: 'Cash flow by month' });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        cashFlow.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'truenet-cash-flow.csv');
      const lines = (await readFile((await download.path()) as string, 'utf8')).trim().split('\r\n');
      assert.equal(lines[0], 'Month,Income,Bills,Spending,Net');
      assert.equal(lines.length, 7);
      const column = (index: number) =>
        lines.slice(1).reduce((sum, line) => sum + Math.round(Number(line.split(',')[index]) * 100), 0);
      assert.deepEqual([column(1), column(3), column(4)], [600_000, 123_456, 476_544]);
    });

    await journey.step('dark', async () => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`${app.url}/#/userhome`);
      await openTab(page, 'Reports');
      await expectText(tabPanel(page, 'Reports'), /came in and/);
      await journey.screen('dark');
    });

    await journey.finish();
  },
);
