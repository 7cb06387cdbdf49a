import { parseMoney } from '@truenet/core';
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps';
import { ledgerOf, requireMember, requireWriter } from '../policies';
import { rememberRequestZone, requestDay } from '../input/today';
import {
  addLiability,
  deleteLiability,
  listLiabilities,
  updateLiability,
} from '../modules/liabilities/liabilities.service';
import { savePaidInfo } from '../modules/liabilities/paid-info.service';
import { creditorSuggestions } from '../modules/suggestions/suggestions.service';
import { findWallet } from '../modules/wallets/wallets.service';
import { assertSignedInUser, bodyOf, policyContext, queryValue, timeZoneOf } from './http';
import { booleanOf, existingId, expenseFields, listOf, recordId } from './inputs';
import { presentExpense, presentWallet } from './presenters/finance.presenter';

/**
 * The expense (liability) paths of the REST paths (docs/product-rules.md §11) over the liabilities services:
 * the lists wrapped as `debtorCreditorDtos`, add/update with `id: -1` for a new expense,
 * delete, 'Save Paid Info' and the creditor suggestions.
 */
export function expenseRoutes(deps: AppDeps): Router {
  const router = Router();
  const db = deps.dataSource;

  router.get('/account/creditors', async (req, res) => {
    const user = await requireMember(policyContext(deps, req));
    const rows = await creditorSuggestions(db, user.household.id);
    res.json(rows.map((row) => ({ creditorName: row.name, creditorUrl: row.url })));
  });

  router.get('/account/debtor-expenses', async (req, res) => {
    const scope = policyContext(deps, req);
    const user = await requireMember(scope);
    assertSignedInUser(queryValue(req, 'debtorId'), user);
    await rememberRequestZone(scope, user, timeZoneOf(req));
    const rows = await listLiabilities(db, user.household.id);
    res.json({ debtorCreditorDtos: rows.map((row) => presentExpense(user.id, row)) });
  });

  // `id: -1` (or none) adds; another id updates that expense, whichever of the two paths is called.
  const saveExpense = async (req: Request, res: Response) => {
    const scope = policyContext(deps, req);
    const user = await requireWriter(scope);
    const body = bodyOf(req);
    assertSignedInUser(body.debtorId, user);
    const id = recordId(body.id, 'Expense');
    const day = await requestDay(scope, user, timeZoneOf(req, body));
    const fields = expenseFields(body, day.today);
    const row =
      id === 'new'
        ? await addLiability(deps, ledgerOf(user), fields, day)
        : await updateLiability(deps, ledgerOf(user), id, fields, day);
    res.status(200).json(presentExpense(user.id, row));
  };
  router.post('/account/add-expense', saveExpense);
  router.put('/account/update-expense', saveExpense);

  router.delete('/account/delete-expense/:id', async (req, res) => {
    const user = await requireWriter(policyContext(deps, req));
    const id = existingId(req.params.id, 'Expense');
    await deleteLiability(deps, ledgerOf(user), id);
    res.status(200).json({ message: 'Record deleted', id });
  });

  // 'Save Paid Info': the changed rows with the due date each was shown with, and the paying wallet.
  router.put('/account/update-paid-info', async (req, res) => {
    const scope = policyContext(deps, req);
    const user = await requireWriter(scope);
    const body = bodyOf(req);
    assertSignedInUser(body.debtorId, user);
    const walletId = existingId(body.walletId, 'Wallet');
    const changes = listOf(body, 'paidExpenses').map((row) => ({
      liabilityId: existingId(row.id, 'Expense'),
      paid: booleanOf(row.currentPaid, false),
      cleared: booleanOf(row.currentCleared, false),
      dueDate: typeof row.dueDate === 'string' && row.dueDate ? row.dueDate : null,
      amountCents:
        row.amount == null || row.amount === '' ? null : parseMoney(row.amount as number | string, 'amount'),
    }));
    const day = await requestDay(scope, user, timeZoneOf(req, body));
    await savePaidInfo(deps, ledgerOf(user), walletId, changes, day);
    const [wallet, rows] = [
      await findWallet(db, user.household.id, walletId),
      await listLiabilities(db, user.household.id),
    ];
    res.status(200).json({
      wallet: presentWallet(user.id, wallet),
      debtorCreditorDtos: rows.map((row) => presentExpense(user.id, row)),
    });
  });

  return router;
}
