import { householdOf, joinHousehold } from '../../test/factories';
import { seedMatrixIds, type MatrixIds } from '../../test/matrix-seed';
import { queryRows } from '../../db/sql';
import type { TestApp } from '../../test/harness';
import { errorCode, newUser, startFinanceApp, TODAY, ZONE, type TestUser } from '../../test/finance';
import { buildOperation, schemaOperations, type IdKind } from './schema-operations';

/**
 * The role matrix, generated from schema.graphql (docs/product-rules.md §16): every mutation is
 * called on the owner's household, with its ids, by a VIEWER of it and by a member the owner has
 * just removed. The viewer is refused every change of the household (FORBIDDEN, saying why); the
 * removed member reaches nothing of it (refused, or acting on their own household), nor does a
 * browser tab that still names it (X-Household), the removed member's or a stranger's; its data is
 * unchanged every time. The few mutations of one's own account (settings, tokens, devices, leaving) are the
 * listed exceptions; a new mutation is in the matrix from the moment it is in the schema.
 */

type Ids = MatrixIds;

/** A person's own settings and membership: allowed to any member, and never the household's data. */
const OWN_ACCOUNT = new Set([
  // the account, its sign-in and its billing
  'register',
  'createCheckoutSession',
  'login',
  'completeTwoFactorLogin',
  'beginTotpEnrollment',
  'confirmTotpEnrollment',
  'disableTwoFactor',
  'beginPasskeyRegistration',
  'finishPasskeyRegistration',
  'removePasskey',
  'beginPasskeySignIn',
  'finishPasskeySignIn',
  'refreshSession',
  'logout',
  'verifyEmail',
  'resendVerificationCode',
  'changePassword',
  'updateAccount',
  'requestPasswordReset',
  'sendContactMessage',
  'deleteAccount',
  'createPortalSession',
  'cancelSubscription',
  // its own tools: tokens, reminders, feeds, devices
  'createApiToken',
  'revokeApiToken',
  'updateReminderSettings',
  'createCalendarFeed',
  'revokeCalendarFeed',
  'registerPushDevice',
  'removePushDevice',
  'sendTestPush',
  // membership: one's own place in households
  'switchHousehold',
  'acceptInvitation',
  'leaveHousehold',
]);

/** The household's data and membership, to compare before and after. */
async function householdState(t: TestApp, householdId: string) {
  const tables = [
    'wallet',
    'income_source',
    'income_deposit',
    'liability',
    'register_entry',
    'liability_payment',
    'import_batch',
    'import_ledger',
    'bank_connection',
    'bank_account',
    'recurring_dismissal',
    'amount_change_dismissal',
  ];
  const state: Record<string, unknown[]> = {};
  for (const table of tables) {
    state[table] = await queryRows(
      t.deps.dataSource,
      `SELECT * FROM ${table} WHERE household_id = $1 ORDER BY 1`,
      [householdId],
    );
  }
  state.household = await queryRows(
    t.deps.dataSource,
    'SELECT id, name, personal_of FROM household WHERE id = $1',
    [householdId],
  );
  state.members = await queryRows(
    t.deps.dataSource,
    'SELECT debtor_id, role FROM household_member WHERE household_id = $1 ORDER BY debtor_id',
    [householdId],
  );
  state.invitations = await queryRows(
    t.deps.dataSource,
    'SELECT id, revoked_at, accepted_at FROM household_invitation WHERE household_id = $1 ORDER BY id',
    [householdId],
  );
  return state;
}

describe('roles: every mutation on the owner’s household, by a viewer and by a removed member', () => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let removed: TestUser;
  let stranger: TestUser;
  let household: string;
  let ids: Ids;
  beforeAll(async () => {
    t = await startFinanceApp();
    owner = await newUser(t);
    viewer = await newUser(t);
    removed = await newUser(t);
    stranger = await newUser(t);
    ids = await seedMatrixIds(t, owner, 'roles');
    household = await householdOf(t.deps.dataSource, owner.id);
    await joinHousehold(t.deps.dataSource, viewer.id, household, 'VIEWER');
    // A member who was removed: the membership is gone, the account still points at the household.
    await joinHousehold(t.deps.dataSource, removed.id, household, 'EDITOR');
    await t.deps.dataSource.query('DELETE FROM household_member WHERE household_id = $1 AND debtor_id = $2', [
      household,
      removed.id,
    ]);
  });
  afterAll(() => t.close());

  const mutations = schemaOperations().filter((operation) => operation.kind === 'mutation');
  const householdMutations = mutations.filter((operation) => !OWN_ACCOUNT.has(operation.name));

  it('lists every mutation as the household’s or one’s own (a new one must be placed)', () => {
    const unknown = [...OWN_ACCOUNT].filter(
      (name) => !mutations.some((operation) => operation.name === name),
    );
    expect(unknown).toEqual([]);
    expect(householdMutations.length).toBeGreaterThan(25);
  });

  it.each(householdMutations.map((operation) => [operation.name, operation] as const))(
    '%s: the viewer is refused, saying why; the removed member reaches nothing; nothing changes',
    async (_name, operation) => {
      const before = await householdState(t, household);
      const { document, variables } = buildOperation(operation, {
        today: TODAY,
        timeZone: ZONE,
        idFor: (_path, kind) => ids[kind as IdKind],
      });
      const asViewer = await t.gql(document, variables, { token: viewer.token });
      expect({ code: errorCode(asViewer) }).toEqual({ code: 'FORBIDDEN' });
      // Back in their own household, whatever they do acts there (renaming it, say), never here.
      const asRemoved = await t.gql(document, variables, { token: removed.token });
      if (asRemoved.errors)
        expect(['NOT_FOUND', 'FORBIDDEN', 'BAD_USER_INPUT']).toContain(errorCode(asRemoved));
      // A tab still showing the household, or one that names it without ever having been in it.
      for (const person of [removed, stranger]) {
        const asTab = await t.gql(document, variables, {
          token: person.token,
          headers: { 'x-household': household },
        });
        expect(['NOT_FOUND', 'FORBIDDEN', 'BAD_USER_INPUT']).toContain(errorCode(asTab));
      }
      expect(await householdState(t, household)).toEqual(before);
    },
  );
});
