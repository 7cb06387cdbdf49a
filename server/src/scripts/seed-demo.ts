import { personalHouseholdId } from '../modules/households/households.service';
import { createMetrics } from '../observability/metrics';
import { addDays, todayInZone } from '@truenet/core';
import { loadConfig } from '../config';
import { systemClock, type AppDeps } from '../deps';
import { createLogger } from '../logger';
import { Debtor } from '../modules/accounts/debtor.entity';
import { hashPassword } from '../modules/auth/passwords';
import { createBillingProvider } from '../modules/billing/billing-provider';
import { offlineCustomerId } from '../modules/billing/offline-events';
import { Subscription } from '../modules/billing/subscription.entity';
import { addIncomeSource } from '../modules/income/income.service';
import { addLiability } from '../modules/liabilities/liabilities.service';
import { createMailer } from '../modules/mail/mailer';
import { addWallet } from '../modules/wallets/wallets.service';
import { DataDirInUseError } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { writeDemoYear } from './demo-year';

const DEMO = { userName: 'demo', password: 'Demo1234!', timeZone: 'America/New_York' };

/**
 * `npm run seed:demo`: a verified, trialing account 'demo' / 'Demo1234!' holding the
 * specification's example (pay $2,000; mortgage $1,400, phone $150, streaming $21 → $429), and
 * the year before it (demo-year.ts) for the Reports and Spending tabs. Dates are set relative to
 * today so the example is always current.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger('warn');
  const db = await openDatabase(config);
  const deps: AppDeps = {
    config,
    dataSource: db.dataSource,
    logger,
    mailer: createMailer(config, db.dataSource, logger),
    billing: createBillingProvider(config),
    clock: systemClock,
    metrics: createMetrics(false),
  };
  const existing = await db.dataSource.getRepository(Debtor).findOneBy({ userName: DEMO.userName });
  if (existing) {
    console.log(`The demo account already exists: sign in as ${DEMO.userName} / ${DEMO.password}`);
    return db.close();
  }
  const debtor = await db.dataSource.getRepository(Debtor).save({
    userName: DEMO.userName,
    email: 'demo@truenet.local',
    firstName: 'Dana',
    lastName: 'Demo',
    passwordHash: await hashPassword(DEMO.password),
    status: 1,
    timeZone: DEMO.timeZone,
  });
  await db.dataSource
    .getRepository(Subscription)
    // As if checked out through the local stand-in (BILLING=offline): Update payment method opens
    // its portal instead of saying that payment updates are not available.
    .insert({
      debtorId: debtor.id,
      status: 'trialing',
      plan: 'YEARLY',
      providerCustomerId: offlineCustomerId(debtor.id),
    });
  const today = todayInZone(new Date(), DEMO.timeZone);
  // The account was created with its zone: there is none new to remember.
  const day = { today, newZone: null };
  const ledger = { householdId: await personalHouseholdId(deps.dataSource, debtor.id), memberId: debtor.id };
  await addWallet(
    deps,
    ledger,
    {
      walletName: 'Checking',
      walletDescription: 'Joint account',
      balanceCents: 250_000,
    },
    day,
  );
  await addIncomeSource(
    deps,
    ledger,
    {
      sourceName: 'Acme Payroll',
      sourceUrl: 'acme.example.com',
      description: null,
      frequency: 'BIWEEKLY',
      nextPmtDate: addDays(today, -4),
      biMonthlyPayDate: null,
      paymentCents: 200_000,
      active: true,
    },
    day,
  );
  const bills = [
    { creditorName: 'Rocket Mortgage', debtType: 'MORTGAGE_RENT', paymentCents: 140_000, inDays: 2 },
    { creditorName: 'Verizon', debtType: 'MOBILE_PHONE', paymentCents: 15_000, inDays: 5 },
    { creditorName: 'Netflix', debtType: 'SUBSCRIPTION', paymentCents: 2_100, inDays: 8 },
    // Two debts for the debt plan.
    {
      creditorName: 'Chase Visa',
      debtType: 'CREDIT_CARD',
      paymentCents: 12_000,
      inDays: 12,
      balanceCents: 420_000,
      apr: 24.99,
    },
    {
      creditorName: 'Toyota Financial',
      debtType: 'CAR_LOAN',
      paymentCents: 31_000,
      inDays: 15,
      balanceCents: 980_000,
      apr: 6.5,
    },
  ] as const;
  for (const bill of bills) {
    await addLiability(
      deps,
      ledger,
      {
        creditorName: bill.creditorName,
        creditorUrl: null,
        description: null,
        debtType: bill.debtType,
        frequency: 'MONTHLY',
        dueDate: addDays(today, bill.inDays),
        balanceCents: 'balanceCents' in bill ? bill.balanceCents : null,
        apr: 'apr' in bill ? bill.apr : null,
        paymentCents: bill.paymentCents,
        autoPay: false,
      },
      day,
    );
  }
  await writeDemoYear(deps.dataSource, ledger, today);
  console.log(`Demo data ready: sign in as ${DEMO.userName} / ${DEMO.password}`);
  await db.close();
}

main().catch((error: Error) => {
  console.error(
    error instanceof DataDirInUseError ? `truenet: ${error.message}` : `Seeding failed: ${error.message}`,
  );
  process.exit(1);
});
