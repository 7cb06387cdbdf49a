import { REGISTER_RETENTION_DAYS, type IsoDate } from '@truenet/core';
import type { EntityManager } from 'typeorm';
import type { AppDeps } from '../../deps';
import { firstTimeApplied } from '../../db/change-once';
import { queryOne, queryRows, type Queryable } from '../../db/sql';
import { notFound } from '../../errors';
import { translateBalanceOverflow } from '../../input/constraints';
import { rememberZone, type UserDay } from '../../input/today';
import type { Ledger } from '../auth/request-user';
import { findUsableCategory, loadCategorizer } from '../categories/categorizer';
import { activityParams, loggedChange } from '../households/activity.service';
import type { RegisterDirection, RegisterKind } from './wallet.entity';
import { WALLET_COLUMNS, type RegisterRow, type WalletRow } from './wallets.rows';

/**
 * Wallets and their register (docs/product-rules.md §1-§6 "Wallets and the register"). Every balance change is
 * an atomic `balance_cents = balance_cents ± $1` in the same transaction as the register entry
 * that explains it, so concurrent changes never lose money. Every query carries `household_id`, so
 * another user's wallet reads as not found.
 */

export interface WalletFields {
  walletName: string;
  walletDescription: string | null;
  /** Cents; null or absent: unchanged (0 for a new wallet). */
  balanceCents: number | null;
}

export interface RegisterLine {
  walletId: number;
  direction: RegisterDirection;
  amountCents: number;
  kind: RegisterKind;
  description: string | null;
  occurredOn: IsoDate;
  /** The bill it paid or the pay it deposited: the row takes their category. */
  liabilityId?: number;
  incomeSourceId?: number;
  /** A category the member picked for it (checked as the household's by the caller). */
  categoryId?: number | null;
}

/** Serializes changes of the user's default wallet (first wallet, delete, set default). */
async function lockDefaultWallet(db: Queryable, householdId: string): Promise<void> {
  await queryRows(db, 'SELECT pg_advisory_xact_lock(7001, hashtext($1))', [householdId]);
}

export async function listWallets(db: Queryable, householdId: string): Promise<WalletRow[]> {
  return queryRows<WalletRow>(
    db,
    `SELECT ${WALLET_COLUMNS} FROM wallet WHERE household_id = $1 ORDER BY id`,
    [householdId],
  );
}

/** The user's wallet, or NOT_FOUND (missing and another user's answer alike). */
export async function findWallet(
  db: Queryable,
  householdId: string,
  walletId: number,
  lock = false,
): Promise<WalletRow> {
  const row = await queryOne<WalletRow>(
    db,
    `SELECT ${WALLET_COLUMNS} FROM wallet WHERE id = $1 AND household_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [walletId, householdId],
  );
  if (!row) throw notFound('Wallet');
  return row;
}

/**
 * Writes register entries (one statement for any number of them), each categorized as it is
 * written (docs/product-rules.md §20); a balance correction is not a movement and gets none.
 */
export async function writeRegisterEntries(db: Queryable, ledger: Ledger, lines: RegisterLine[]) {
  if (lines.length === 0) return;
  const moving = lines.some((line) => line.kind !== 'adjustment');
  const categorizer = moving ? await loadCategorizer(db, ledger.householdId) : null;
  const categorized = lines.map((line) =>
    categorizer === null || line.kind === 'adjustment'
      ? null
      : categorizer.categorize({
          walletId: line.walletId,
          direction: line.direction === 'spent' ? 'SPENT' : 'DEPOSITED',
          amountCents: line.amountCents,
          description: line.description ?? '',
          liabilityId: line.liabilityId,
          incomeSourceId: line.incomeSourceId,
          personCategoryId: line.categoryId,
        }),
  );
  await queryRows(
    db,
    `INSERT INTO register_entry (household_id, entered_by, wallet_id, direction, amount_cents, kind, description, occurred_on,
                                 category_id, category_source, payee_key, learning_key)
     SELECT $1::uuid, $8::int, * FROM unnest($2::int[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::date[],
                                           $9::int[], $10::text[], $11::text[], $12::text[])`,
    [
      ledger.householdId,
      lines.map((line) => line.walletId),
      lines.map((line) => line.direction),
      lines.map((line) => line.amountCents),
      lines.map((line) => line.kind),
      lines.map((line) => line.description),
      lines.map((line) => line.occurredOn),
      ledger.memberId,
      categorized.map((row) => row?.categoryId ?? null),
      categorized.map((row) => row?.source ?? null),
      categorized.map((row) => row?.payeeKey ?? null),
      categorized.map((row) => row?.learningKey ?? null),
    ],
  );
}

/** Moves a wallet's balance by `deltaCents` atomically; NOT_FOUND when it is not the user's. */
export async function changeWalletBalance(
  db: Queryable,
  householdId: string,
  walletId: number,
  deltaCents: number,
): Promise<WalletRow> {
  const row = await queryOne<WalletRow>(
    db,
    `UPDATE wallet SET balance_cents = balance_cents + $3, last_update = now()
      WHERE id = $1 AND household_id = $2 RETURNING ${WALLET_COLUMNS}`,
    [walletId, householdId, deltaCents],
  );
  if (!row) throw notFound('Wallet');
  return row;
}

/** Adds a wallet; the user's first wallet becomes the default. */
export async function addWallet(
  deps: AppDeps,
  ledger: Ledger,
  fields: WalletFields,
  day: Pick<UserDay, 'newZone'>,
): Promise<WalletRow> {
  return deps.dataSource.transaction(async (m) => {
    await rememberZone(m, ledger.memberId, day);
    return insertWallet(m, ledger, fields);
  });
}

/** A new wallet inside the caller's transaction; the household's first becomes the default. */
export async function insertWallet(
  m: EntityManager,
  ledger: Ledger,
  fields: WalletFields,
): Promise<WalletRow> {
  await lockDefaultWallet(m, ledger.householdId);
  const row = await queryOne<WalletRow>(
    m,
    loggedChange(
      `INSERT INTO wallet (household_id, name, description, balance_cents, is_default, last_update)
       VALUES ($1, $2, $3, $4, NOT EXISTS (SELECT 1 FROM wallet WHERE household_id = $1 AND is_default), now())
       RETURNING ${WALLET_COLUMNS}`,
      5,
      'changed.name',
    ),
    [
      ledger.householdId,
      fields.walletName,
      fields.walletDescription,
      fields.balanceCents ?? 0,
      ...activityParams(ledger, 'Added a wallet'),
    ],
  );
  return row as WalletRow;
}

/**
 * Renames or re-describes a wallet; a new balance, when given and different, is set like
 * 'Update Wallet' does, with its 'Balance updated' register entry.
 */
export async function updateWallet(
  deps: AppDeps,
  ledger: Ledger,
  walletId: number,
  fields: WalletFields,
  day: UserDay,
): Promise<WalletRow> {
  return deps.dataSource
    .transaction(async (m) => {
      await rememberZone(m, ledger.memberId, day);
      const current = await findWallet(m, ledger.householdId, walletId, true);
      const row = (await queryOne<WalletRow>(
        m,
        loggedChange(
          `UPDATE wallet SET name = $3, description = $4, last_update = now()
            WHERE id = $1 AND household_id = $2 RETURNING ${WALLET_COLUMNS}`,
          5,
          'changed.name',
        ),
        [
          walletId,
          ledger.householdId,
          fields.walletName,
          fields.walletDescription,
          ...activityParams(ledger, 'Changed a wallet'),
        ],
      )) as WalletRow;
      if (fields.balanceCents === null) return row;
      return (await adjustBalance(m, ledger, current, fields.balanceCents, day.today)) ?? row;
    })
    .catch(translateBalanceOverflow);
}

/** Deletes a wallet (its register goes with it); deleting the default promotes the most recently updated one. */
export async function deleteWallet(deps: AppDeps, ledger: Ledger, walletId: number): Promise<void> {
  const householdId = ledger.householdId;
  await deps.dataSource.transaction(async (m) => {
    await lockDefaultWallet(m, householdId);
    const deleted = await queryOne<{ is_default: boolean }>(
      m,
      loggedChange(
        'DELETE FROM wallet WHERE id = $1 AND household_id = $2 RETURNING is_default, name',
        3,
        'changed.name',
      ),
      [walletId, householdId, ...activityParams(ledger, 'Deleted a wallet')],
    );
    if (!deleted) throw notFound('Wallet');
    if (!deleted.is_default) return;
    await queryRows(
      m,
      `UPDATE wallet SET is_default = true
        WHERE id = (SELECT id FROM wallet WHERE household_id = $1
                     ORDER BY last_update DESC NULLS LAST, id DESC LIMIT 1)`,
      [householdId],
    );
  });
}

/** Makes one wallet the default (exactly one is, once any exists); answers all the user's wallets. */
export async function setDefaultWallet(
  deps: AppDeps,
  householdId: string,
  walletId: number,
): Promise<WalletRow[]> {
  return deps.dataSource.transaction(async (m) => {
    await lockDefaultWallet(m, householdId);
    await findWallet(m, householdId, walletId);
    await queryRows(
      m,
      'UPDATE wallet SET is_default = false WHERE household_id = $1 AND is_default AND id <> $2',
      [householdId, walletId],
    );
    await queryRows(m, 'UPDATE wallet SET is_default = true WHERE id = $1 AND household_id = $2', [
      walletId,
      householdId,
    ]);
    return listWallets(m, householdId);
  });
}

/**
 * Sets the balance to a typed value and explains the difference with a 'Balance updated'
 * adjustment entry (direction by the sign, amount its magnitude). Nothing is written when the
 * balance is unchanged; answers the updated row, or null then.
 */
async function adjustBalance(
  db: Queryable,
  ledger: Ledger,
  locked: WalletRow,
  newBalanceCents: number,
  today: IsoDate,
): Promise<WalletRow | null> {
  const difference = newBalanceCents - Number(locked.balance_cents);
  if (difference === 0) return null;
  const row = await changeWalletBalance(db, ledger.householdId, locked.id, difference);
  await writeRegisterEntries(db, ledger, [
    {
      walletId: locked.id,
      direction: difference < 0 ? 'spent' : 'deposited',
      amountCents: Math.abs(difference),
      kind: 'adjustment',
      description: 'Balance updated',
      occurredOn: today,
    },
  ]);
  return row;
}

export type BalanceUpdate =
  | { kind: 'newBalance'; balanceCents: number }
  | {
      kind: 'transaction';
      direction: RegisterDirection;
      amountCents: number;
      note: string | null;
      /** A category the member picked; without one it is chosen from the note. */
      categoryId?: number | null;
    };

/**
 * 'Update Wallet' and 'Spent'/'Deposited'. A transaction is applied to the stored balance
 * atomically (any balance the client computed is ignored) with its register entry; a new balance
 * is set with an adjustment entry.
 */
export async function updateWalletBalance(
  deps: AppDeps,
  ledger: Ledger,
  walletId: number,
  update: BalanceUpdate,
  day: UserDay,
): Promise<WalletRow> {
  return deps.dataSource
    .transaction(async (m) => {
      if (!(await firstTimeApplied(m, ledger.memberId, 'updateWalletBalance', [walletId, update]))) {
        return findWallet(m, ledger.householdId, walletId);
      }
      await rememberZone(m, ledger.memberId, day);
      if (update.kind === 'newBalance') {
        const locked = await findWallet(m, ledger.householdId, walletId, true);
        return (await adjustBalance(m, ledger, locked, update.balanceCents, day.today)) ?? locked;
      }
      if (update.categoryId != null) await findUsableCategory(m, ledger.householdId, update.categoryId);
      const sign = update.direction === 'spent' ? -1 : 1;
      const row = await changeWalletBalance(m, ledger.householdId, walletId, sign * update.amountCents);
      await writeRegisterEntries(m, ledger, [
        {
          walletId,
          direction: update.direction,
          amountCents: update.amountCents,
          kind: 'transaction',
          description: update.note,
          occurredOn: day.today,
          categoryId: update.categoryId ?? null,
        },
      ]);
      return row;
    })
    .catch(translateBalanceOverflow);
}

/** The wallet's register entries of the last 28 days, newest first. */
export async function walletRegister(
  deps: AppDeps,
  householdId: string,
  walletId: number,
): Promise<RegisterRow[]> {
  const since = new Date(deps.clock.now().getTime() - REGISTER_RETENTION_DAYS * 86_400_000);
  // One statement: the wallet row proves ownership (none: not found), the join brings its entries.
  const rows = await queryRows<RegisterRow | { id: null }>(
    deps.dataSource,
    `SELECT r.id, w.id AS wallet_id, r.direction, r.amount_cents, r.description,
            r.occurred_on::text AS occurred_on, r.created_at, r.import_batch_id,
            (SELECT e.first_name FROM debtor e WHERE e.id = r.entered_by) AS entered_by_name
       FROM wallet w
       LEFT JOIN register_entry r ON r.wallet_id = w.id AND r.created_at >= $3
      WHERE w.id = $1 AND w.household_id = $2
      ORDER BY r.created_at DESC NULLS LAST, r.id DESC`,
    [walletId, householdId, since],
  );
  if (rows.length === 0) throw notFound('Wallet');
  return rows.filter((row): row is RegisterRow => row.id !== null);
}

/**
 * 'Delete' on a register entry: removes it and reverses its amount on the wallet's balance, in one
 * transaction. A row that came from a statement is remembered in the import ledger as deleted (its
 * tombstone), so importing the statement again does not bring it back unasked.
 */
export async function deleteTransaction(
  deps: AppDeps,
  householdId: string,
  entryId: number,
): Promise<WalletRow> {
  return deps.dataSource
    .transaction(async (m) => {
      const entry = await queryOne<{
        wallet_id: number;
        signed_cents: string;
        import_key: string | null;
        import_batch_id: string | null;
      }>(
        m,
        `DELETE FROM register_entry WHERE id = $1 AND household_id = $2
         RETURNING wallet_id, CASE direction WHEN 'spent' THEN -amount_cents ELSE amount_cents END AS signed_cents,
                   import_key, import_batch_id`,
        [entryId, householdId],
      );
      if (!entry) throw notFound('Transaction');
      if (entry.import_key !== null) {
        await queryRows(
          m,
          'UPDATE import_ledger SET deleted_at = now() WHERE wallet_id = $1 AND key = $2 AND household_id = $3',
          [entry.wallet_id, entry.import_key, householdId],
        );
      }
      // A bank's row confirmed after the wallet was set to the bank's balance never moved it.
      const moved =
        entry.import_batch_id === null ||
        (
          await queryOne<{ moved_balance: boolean }>(
            m,
            'SELECT moved_balance FROM import_batch WHERE id = $1',
            [entry.import_batch_id],
          )
        )?.moved_balance !== false;
      if (!moved) return findWallet(m, householdId, entry.wallet_id);
      return changeWalletBalance(m, householdId, entry.wallet_id, -Number(entry.signed_cents));
    })
    .catch(translateBalanceOverflow);
}
