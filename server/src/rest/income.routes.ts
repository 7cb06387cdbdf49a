import { centsToNumber, type IncomeOccurrence, type IsoDate } from '@truenet/core';
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps';
import { badUserInput, notFound } from '../errors';
import { ledgerOf, requireMember, requireWriter } from '../policies';
import { analyzeSnapshot, loadFinanceSnapshot } from '../modules/analysis/analysis.service';
import { rememberZone, requestDay } from '../input/today';
import { depositPay } from '../modules/income/deposit-pay.service';
import type { IncomeSourceRow } from '../modules/income/income.rows';
import { addIncomeSource, deleteIncomeSource, updateIncomeSource } from '../modules/income/income.service';
import { incomeSourceSuggestions } from '../modules/suggestions/suggestions.service';
import { findWallet } from '../modules/wallets/wallets.service';
import { assertSignedInUser, bodyOf, policyContext, queryValue, timeZoneOf } from './http';
import { booleanOf, existingId, incomeFields, listOf, recordId } from './inputs';
import { presentIncome, presentWallet } from './presenters/finance.presenter';

interface IncomeWithLastPay {
  sources: IncomeSourceRow[];
  /** Each source's last occurrence (latest pay date up to today), as core's analysis reports it. */
  lastPay: Map<number, IncomeOccurrence>;
}

/** The user's income sources and their last occurrences, from the same analysis GraphQL serves. */
async function incomeWithLastPay(
  deps: AppDeps,
  householdId: string,
  today: IsoDate,
): Promise<IncomeWithLastPay> {
  const snapshot = await loadFinanceSnapshot(deps.dataSource, householdId, today);
  const analysis = analyzeSnapshot(snapshot, today, null);
  const lastPay = new Map(
    analysis.lastIncomeReceived.map((occurrence) => [Number(occurrence.incomeSourceId), occurrence]),
  );
  return { sources: snapshot.incomeSources, lastPay };
}

/**
 * The income paths of the REST paths (docs/product-rules.md §11) over the income services: the list wrapped as
 * `debtorIncomeSourceDtos` (with `deposited` for each source's last occurrence), add/update with
 * `id: -1` for a new source, delete, 'Deposit Pay' and the income-source suggestions.
 */
export function incomeRoutes(deps: AppDeps): Router {
  const router = Router();
  const db = deps.dataSource;

  router.get('/account/income-sources', async (req, res) => {
    const user = await requireMember(policyContext(deps, req));
    const rows = await incomeSourceSuggestions(db, user.household.id);
    res.json(rows.map((row) => ({ sourceName: row.name, sourceUrl: row.url, id: row.id })));
  });

  router.get('/account/debtor-revenue', async (req, res) => {
    const scope = policyContext(deps, req);
    const user = await requireMember(scope);
    assertSignedInUser(queryValue(req, 'debtorId'), user);
    const day = await requestDay(scope, user, timeZoneOf(req));
    await rememberZone(db, user.id, day);
    const { sources, lastPay } = await incomeWithLastPay(deps, user.household.id, day.today);
    res.json({
      debtorIncomeSourceDtos: sources.map((row) =>
        presentIncome(user.id, row, lastPay.get(row.id)?.deposited ?? false),
      ),
    });
  });

  // `id: -1` (or none) adds; another id updates that source, whichever of the two paths is called.
  const saveIncome = async (req: Request, res: Response) => {
    const scope = policyContext(deps, req);
    const user = await requireWriter(scope);
    const body = bodyOf(req);
    assertSignedInUser(body.debtorId, user);
    const id = recordId(body.id, 'Income source');
    const day = await requestDay(scope, user, timeZoneOf(req, body));
    const fields = incomeFields(body, day.today);
    if (id === 'new') {
      res
        .status(200)
        .json(presentIncome(user.id, await addIncomeSource(deps, ledgerOf(user), fields, day), false));
      return;
    }
    const row = await updateIncomeSource(deps, ledgerOf(user), id, fields, day);
    const { lastPay } = await incomeWithLastPay(deps, user.household.id, day.today);
    res.status(200).json(presentIncome(user.id, row, lastPay.get(row.id)?.deposited ?? false));
  };
  router.post('/account/add-income', saveIncome);
  router.put('/account/update-income', saveIncome);

  router.delete('/account/delete-income/:id', async (req, res) => {
    const user = await requireWriter(policyContext(deps, req));
    const id = existingId(req.params.id, 'Income source');
    await deleteIncomeSource(deps, ledgerOf(user), id);
    res.status(200).json({ message: 'Record deleted', id });
  });

  /**
   * 'Deposit Pay': each checked row (`deposited: true`) stands for its source's last occurrence.
   * Rows whose last occurrence is already deposited are the unchanged rows the original client
   * sends back; when nothing else is checked they go to depositPay, which refuses them, so money
   * is never added twice.
   */
  router.put('/account/update-pay-deposits', async (req, res) => {
    const scope = policyContext(deps, req);
    const user = await requireWriter(scope);
    const body = bodyOf(req);
    assertSignedInUser(body.debtorId, user);
    const walletId = existingId(body.walletId, 'Wallet');
    const checked = listOf(body, 'recentIncome').filter((row) => booleanOf(row.deposited, false));
    if (checked.length === 0) throw badUserInput('Check the pay to deposit', 'recentIncome');
    const day = await requestDay(scope, user, timeZoneOf(req, body));
    const { sources, lastPay } = await incomeWithLastPay(deps, user.household.id, day.today);
    const occurrences = checked.map((row) => {
      const id = existingId(row.id, 'Income source');
      const source = sources.find((candidate) => candidate.id === id);
      if (!source) throw notFound('Income source');
      const last = lastPay.get(id);
      if (!last) throw badUserInput(`${source.source_name} has no pay to deposit yet`, 'recentIncome');
      return last;
    });
    const fresh = occurrences.filter((occurrence) => !occurrence.deposited);
    const result = await depositPay(
      deps,
      ledgerOf(user),
      walletId,
      (fresh.length > 0 ? fresh : occurrences).map((occurrence) => ({
        incomeSourceId: Number(occurrence.incomeSourceId),
        date: occurrence.date,
      })),
      day,
    );
    const wallet = await findWallet(db, user.household.id, walletId);
    res.status(200).json({
      wallet: presentWallet(user.id, wallet),
      deposited: result.deposited.map((occurrence) => ({
        id: occurrence.incomeSourceId,
        date: occurrence.date,
        amount: centsToNumber(occurrence.amountCents),
      })),
      totalDeposited: centsToNumber(result.totalCents),
    });
  });

  return router;
}
