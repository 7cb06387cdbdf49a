import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps';
import { ledgerOf, requireMember, requireWriter } from '../policies';
import { rememberRequestZone, requestDay } from '../input/today';
import {
  addWallet,
  deleteWallet,
  listWallets,
  setDefaultWallet,
  updateWallet,
  updateWalletBalance,
  walletRegister,
} from '../modules/wallets/wallets.service';
import { assertSignedInUser, bareValue, bodyOf, policyContext, queryValue, timeZoneOf } from './http';
import { balanceUpdate, existingId, recordId, walletFields, type Body } from './inputs';
import { presentRegisterEntry, presentWallet } from './presenters/finance.presenter';

/**
 * The wallet paths of the REST paths (docs/product-rules.md §11) over the wallets services: the plain-array list,
 * add/update with `id: -1` for a new wallet (plus the browser's time zone), delete, the default
 * wallet, the register and 'Update Wallet' / 'Spent' / 'Deposited'.
 */
export function walletRoutes(deps: AppDeps): Router {
  const router = Router();
  const db = deps.dataSource;

  router.get('/account/debtor-wallets', async (req, res) => {
    const scope = policyContext(deps, req);
    const user = await requireMember(scope);
    assertSignedInUser(queryValue(req, 'debtorId'), user);
    await rememberRequestZone(scope, user, timeZoneOf(req));
    const rows = await listWallets(db, user.household.id);
    res.json(rows.map((row) => presentWallet(user.id, row)));
  });

  // `id: -1` (or none) adds; another id updates that wallet, whichever of the two paths is called.
  const saveWallet = async (req: Request, res: Response) => {
    const scope = policyContext(deps, req);
    const user = await requireWriter(scope);
    const body = bodyOf(req);
    assertSignedInUser(body.debtorId, user);
    const id = recordId(body.id, 'Wallet');
    const fields = walletFields(body);
    const day = await requestDay(scope, user, timeZoneOf(req, body));
    const row =
      id === 'new'
        ? await addWallet(deps, ledgerOf(user), fields, day)
        : await updateWallet(deps, ledgerOf(user), id, fields, day);
    res.status(200).json(presentWallet(user.id, row));
  };
  router.post('/account/add-wallet', saveWallet);
  router.put('/account/update-wallet', saveWallet);

  router.delete('/account/delete-wallet/:id', async (req, res) => {
    const user = await requireWriter(policyContext(deps, req));
    const id = existingId(req.params.id, 'Wallet');
    await deleteWallet(deps, ledgerOf(user), id);
    res.status(200).json({ message: 'Record deleted', id });
  });

  // The body is the chosen wallet's id itself (a bare JSON number), as the original client sends it.
  router.put('/account/change-wallet', async (req, res) => {
    const user = await requireWriter(policyContext(deps, req));
    const id = existingId(bareValue(req.body, ['walletId', 'id']), 'Wallet');
    const rows = await setDefaultWallet(deps, user.household.id, id);
    res.status(200).json(rows.map((row) => presentWallet(user.id, row)));
  });

  router.get('/account/wallet-register', async (req, res) => {
    const scope = policyContext(deps, req);
    const user = await requireMember(scope);
    assertSignedInUser(queryValue(req, 'debtorId'), user);
    const walletId = existingId(queryValue(req, 'walletId'), 'Wallet');
    await rememberRequestZone(scope, user, timeZoneOf(req));
    const rows = await walletRegister(deps, user.household.id, walletId);
    res.json(rows.map(presentRegisterEntry));
  });

  router.put('/account/update-wallet-balance', async (req, res) => {
    const scope = policyContext(deps, req);
    const user = await requireWriter(scope);
    const body = bodyOf(req);
    const updateBalance = (
      body.updateBalance !== null && typeof body.updateBalance === 'object' ? body.updateBalance : {}
    ) as Body;
    assertSignedInUser(updateBalance.debtorId ?? body.debtorId, user);
    const walletId = existingId(updateBalance.id, 'Wallet');
    const update = balanceUpdate(updateBalance, body.transaction);
    const day = await requestDay(scope, user, timeZoneOf(req, updateBalance) ?? timeZoneOf(req, body));
    const row = await updateWalletBalance(deps, ledgerOf(user), walletId, update, day);
    res.status(200).json(presentWallet(user.id, row));
  });

  return router;
}
