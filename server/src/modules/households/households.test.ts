import { queryOne, queryRows } from '../../db/sql';
import { buildDebtor, householdOf, joinHousehold } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { rest, REST_TEST_ENV } from '../../test/rest';
import { addWallet, errorCode, newUser, NOW, ok, startFinanceApp } from '../../test/finance';

/**
 * Households, first slice (docs/product-rules.md §16): a personal household for every account from
 * its first moment, whatever made the account; the current one answered; renaming by its owner;
 * nothing of another household readable.
 */
const HOUSEHOLD = 'id name personal myRole members { id firstName lastName email role }';

let t: TestApp;
beforeAll(async () => {
  t = await startFinanceApp();
});
afterAll(() => t.close());

describe('households', () => {
  it('every account has a personal household it owns, current from the start', async () => {
    const { debtor, accessToken } = await buildDebtor(t.deps.dataSource, t.deps.config, { firstName: 'Ada' });
    const answer = ok(
      await t.gql<{ household: { name: string; personal: boolean; myRole: string; members: unknown[] } }>(
        `query { household { ${HOUSEHOLD} } households { role current household { id } } }`,
        {},
        { token: accessToken },
      ),
    );
    expect(answer.household).toMatchObject({
      name: "Ada's household",
      personal: true,
      myRole: 'OWNER',
      members: [{ id: String(debtor.id), firstName: 'Ada', email: debtor.email, role: 'OWNER' }],
    });
    const rows = await queryRows<{ count: string }>(
      t.deps.dataSource,
      'SELECT count(*) AS count FROM household_member WHERE debtor_id = $1',
      [debtor.id],
    );
    expect(rows[0]?.count).toBe('1');
  });

  it('renames the household for its owner, with a session only, and refuses a bad name', async () => {
    const user = await newUser(t);
    const renamed = ok(
      await t.gql<{ renameHousehold: { name: string } }>(
        'mutation { renameHousehold(name: "  The   Lovelaces ") { name } }',
        {},
        { token: user.token },
      ),
    );
    expect(renamed.renameHousehold.name).toBe('The Lovelaces');
    const bad = await t.gql('mutation { renameHousehold(name: "  ") { name } }', {}, { token: user.token });
    expect(bad.errors?.[0]?.message).toBe('The household name must be 1 to 60 characters');
    const token = ok(
      await t.gql<{ createApiToken: { secret: string } }>(
        'mutation { createApiToken(name: "script", scope: READ_WRITE) { secret } }',
        {},
        { token: user.token },
      ),
    ).createApiToken.secret;
    const byToken = await t.gql('mutation { renameHousehold(name: "Script") { name } }', {}, { token });
    expect(errorCode(byToken)).toBe('FORBIDDEN');
  });

  it('deleting the account deletes its personal household; another account sees none of it', async () => {
    const ada = await newUser(t);
    const bob = await newUser(t);
    await addWallet(t, ada, 'Ada only', 1);
    const bobView = ok(
      await t.gql<{ households: { household: { id: string; members: { id: string }[] } }[] }>(
        'query { households { household { id members { id } } } }',
        {},
        { token: bob.token },
      ),
    );
    expect(bobView.households).toHaveLength(1);
    expect(bobView.households[0]?.household.members.map((member) => member.id)).toEqual([String(bob.id)]);
    await t.deps.dataSource.query('DELETE FROM debtor WHERE id = $1', [ada.id]);
    expect(
      await queryRows(t.deps.dataSource, 'SELECT 1 FROM household WHERE personal_of = $1', [ada.id]),
    ).toEqual([]);
  });

  it('a shared household: members read and change its data by role, each row credited to who made it', async () => {
    const ada = await newUser(t);
    const bob = await newUser(t);
    const vic = await newUser(t);
    const household = await householdOf(t.deps.dataSource, ada.id);
    const wallet = await addWallet(t, ada, 'Joint checking', 100);
    await joinHousehold(t.deps.dataSource, bob.id, household, 'EDITOR');
    await joinHousehold(t.deps.dataSource, vic.id, household, 'VIEWER');

    // Every member reads the household's wallets; the viewer may not change them, and is told why.
    for (const member of [bob, vic]) {
      const seen = ok(
        await t.gql<{ wallets: { id: string }[] }>('{ wallets { id } }', {}, { token: member.token }),
      );
      expect(seen.wallets.map((w) => w.id)).toEqual([wallet.id]);
    }
    const spend = `mutation($w: ID!) { updateWalletBalance(input: {
      walletId: $w, balance: 0, transaction: { direction: SPENT, amount: 5, transactionDescription: "Groceries" } }) { balance } }`;
    const refused = await t.gql(spend, { w: wallet.id }, { token: vic.token });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Your role in this household is viewer: ask its owner to make you an editor.',
      extensions: { code: 'FORBIDDEN' },
    });
    ok(await t.gql(spend, { w: wallet.id }, { token: bob.token }));
    // Bob's export: Ada's household is not his personal one, his own is.
    const exported = JSON.parse(
      ok(await t.gql<{ exportMyData: string }>('{ exportMyData }', {}, { token: bob.token })).exportMyData,
    ) as { households: { id: string; personal: boolean; role: string }[] };
    expect(exported.households).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: household, personal: false, role: 'EDITOR' }),
        expect.objectContaining({ personal: true, role: 'OWNER' }),
      ]),
    );
    const entry = await queryOne<{ entered_by: number; household_id: string }>(
      t.deps.dataSource,
      'SELECT entered_by, household_id FROM register_entry WHERE wallet_id = $1',
      [Number(wallet.id)],
    );
    expect(entry).toEqual({ entered_by: bob.id, household_id: household });

    // The role is read on every request: a downgrade is refused at once, a removal reads nothing more.
    await t.deps.dataSource.query(
      `UPDATE household_member SET role = 'VIEWER' WHERE household_id = $1 AND debtor_id = $2`,
      [household, bob.id],
    );
    expect(errorCode(await t.gql(spend, { w: wallet.id }, { token: bob.token }))).toBe('FORBIDDEN');
    await t.deps.dataSource.query('DELETE FROM household_member WHERE household_id = $1 AND debtor_id = $2', [
      household,
      vic.id,
    ]);
    await t.deps.dataSource.query(
      'UPDATE debtor SET current_household_id = (SELECT id FROM household WHERE personal_of = $1) WHERE id = $1',
      [vic.id],
    );
    const after = ok(await t.gql<{ wallets: unknown[] }>('{ wallets { id } }', {}, { token: vic.token }));
    expect(after.wallets).toEqual([]);
  });

  it('an API token answers for the household it was made in, and stops when its holder leaves', async () => {
    const ada = await newUser(t);
    const bob = await newUser(t);
    const household = await householdOf(t.deps.dataSource, ada.id);
    await addWallet(t, ada, 'Shared', 1);
    await joinHousehold(t.deps.dataSource, bob.id, household, 'EDITOR');
    const token = ok(
      await t.gql<{ createApiToken: { secret: string } }>(
        'mutation { createApiToken(name: "script", scope: READ) { secret } }',
        {},
        { token: bob.token },
      ),
    ).createApiToken.secret;
    // Bob goes back to his own household: the token still reads the shared one.
    await t.deps.dataSource.query(
      'UPDATE debtor SET current_household_id = (SELECT id FROM household WHERE personal_of = $1) WHERE id = $1',
      [bob.id],
    );
    const read = ok(
      await t.gql<{ wallets: { walletName: string }[] }>('{ wallets { walletName } }', {}, { token }),
    );
    expect(read.wallets.map((w) => w.walletName)).toEqual(['Shared']);
    const mine = ok(
      await t.gql<{ wallets: unknown[] }>('{ wallets { walletName } }', {}, { token: bob.token }),
    );
    expect(mine.wallets).toEqual([]);
    await t.deps.dataSource.query('DELETE FROM household_member WHERE household_id = $1 AND debtor_id = $2', [
      household,
      bob.id,
    ]);
    const gone = await t.gql('{ wallets { walletName } }', {}, { token });
    expect(gone.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const analysis = await t.gql('{ cashFlowAnalysis(asOf: "2026-11-20") { asOf } }', {}, { token });
    expect(analysis.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('a browser tab answers for the household it names (X-Household)', () => {
  const WALLETS = '{ wallets { walletName } household { id } households { current household { id } } }';
  const ADD = `mutation($input: WalletInput!) { addWallet(input: $input) { id } }`;
  const input = (walletName: string) => ({ input: { walletName, balance: 1, timeZone: 'America/New_York' } });

  it('keeps each tab on its household when another tab switches, and refuses one the account is not in', async () => {
    const ada = await newUser(t);
    const bob = await newUser(t);
    const eve = await newUser(t);
    const shared = await householdOf(t.deps.dataSource, ada.id);
    const own = await householdOf(t.deps.dataSource, bob.id);
    await addWallet(t, ada, 'Joint', 1);
    await addWallet(t, bob, 'Mine', 1);
    await joinHousehold(t.deps.dataSource, bob.id, shared, 'EDITOR');
    const tab = (household: string) => ({ token: bob.token, headers: { 'x-household': household } });

    // The first tab shows the shared household; the second switches the account to Bob's own.
    const first = ok(
      await t.gql<{ wallets: { walletName: string }[]; household: { id: string } }>(WALLETS, {}, tab(shared)),
    );
    expect(first.wallets.map((w) => w.walletName)).toEqual(['Joint']);
    expect(first.household.id).toBe(shared);
    ok(await t.gql('mutation($id: ID!) { switchHousehold(id: $id) { id } }', { id: own }, tab(shared)));
    const stored = await queryOne<{ current_household_id: string }>(
      t.deps.dataSource,
      'SELECT current_household_id FROM debtor WHERE id = $1',
      [bob.id],
    );
    expect(stored?.current_household_id).toBe(own);

    // The first tab's change still lands in the household it shows, and its reads stay there.
    const added = ok(await t.gql<{ addWallet: { id: string } }>(ADD, input('Groceries jar'), tab(shared)));
    const row = await queryOne<{ household_id: string }>(
      t.deps.dataSource,
      'SELECT household_id FROM wallet WHERE id = $1',
      [Number(added.addWallet.id)],
    );
    expect(row?.household_id).toBe(shared);
    const again = ok(
      await t.gql<{ households: { current: boolean; household: { id: string } }[] }>(
        WALLETS,
        {},
        tab(shared),
      ),
    );
    expect(again.households.find((h) => h.current)?.household.id).toBe(shared);
    // A tab that names nothing answers for the account's current household.
    const plain = ok(await t.gql<{ wallets: { walletName: string }[] }>(WALLETS, {}, { token: bob.token }));
    expect(plain.wallets.map((w) => w.walletName)).toEqual(['Mine']);

    // A household Bob is not in, or no household id at all: refused, saying so, and nothing written.
    const eves = await householdOf(t.deps.dataSource, eve.id);
    for (const named of [eves, 'not-a-household']) {
      for (const answer of [
        await t.gql(WALLETS, {}, tab(named)),
        await t.gql(ADD, input('Sneaky'), tab(named)),
        await t.gql('mutation { renameHousehold(name: "Mine now") { id } }', {}, tab(named)),
        await t.gql('mutation { createApiToken(name: "s") { secret } }', {}, tab(named)),
      ]) {
        expect(answer.errors?.[0]).toMatchObject({
          message: 'You are no longer a member of this household.',
          extensions: { code: 'FORBIDDEN', reason: 'NOT_A_MEMBER' },
        });
      }
    }
    // The analysis and the forecast (a screen's first read, proving the account with the snapshot)
    // say the same, not that the account is gone; so do leaving and a new calendar feed.
    for (const named of [eves, 'not-a-household']) {
      for (const answer of [
        await t.gql('{ cashFlowAnalysis(timeZone: "America/New_York") { asOf } }', {}, tab(named)),
        await t.gql('{ balanceForecast(asOf: "2026-11-20") { days { date } } }', {}, tab(named)),
        await t.gql('mutation { leaveHousehold { id } }', {}, tab(named)),
        await t.gql('mutation { createCalendarFeed { id } }', {}, tab(named)),
      ]) {
        expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'NOT_A_MEMBER' });
      }
    }
    const members = await queryOne<{ count: string }>(
      t.deps.dataSource,
      'SELECT count(*) AS count FROM household_member WHERE household_id = $1',
      [eves],
    );
    expect(members?.count).toBe('1');
    const sneaky = await queryOne<{ count: string }>(
      t.deps.dataSource,
      `SELECT count(*) AS count FROM wallet WHERE name = 'Sneaky'`,
    );
    expect(sneaky?.count).toBe('0');
    const eveHousehold = await queryOne<{ name: string }>(
      t.deps.dataSource,
      'SELECT name FROM household WHERE id = $1',
      [eves],
    );
    expect(eveHousehold?.name).not.toBe('Mine now');
  });

  it("binds an API token to the tab's household, and answers the owner's changes for that tab", async () => {
    const ada = await newUser(t);
    const bob = await newUser(t);
    const shared = await householdOf(t.deps.dataSource, ada.id);
    await addWallet(t, ada, 'Joint', 1);
    await joinHousehold(t.deps.dataSource, bob.id, shared, 'EDITOR', false);
    // Bob's account works in his own household; his tab on the shared one makes a token there.
    const secret = ok(
      await t.gql<{ createApiToken: { secret: string } }>(
        'mutation { createApiToken(name: "script", scope: READ) { secret } }',
        {},
        { token: bob.token, headers: { 'x-household': shared } },
      ),
    ).createApiToken.secret;
    const read = ok(
      await t.gql<{ wallets: { walletName: string }[] }>('{ wallets { walletName } }', {}, { token: secret }),
    );
    expect(read.wallets.map((w) => w.walletName)).toEqual(['Joint']);
    // Bob is no owner there: the owner's changes are refused for that tab, though he owns his own.
    const rename = await t.gql(
      'mutation { renameHousehold(name: "Ours") { id } }',
      {},
      {
        token: bob.token,
        headers: { 'x-household': shared },
      },
    );
    expect(rename.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    ok(await t.gql('mutation { renameHousehold(name: "Bob HQ") { id } }', {}, { token: bob.token }));
  });
});

describe('households on the REST paths', () => {
  it('a viewer reads the household through REST and is refused its changes, saying why', async () => {
    const rt = await startTestApp({ env: REST_TEST_ENV, clock: { now: () => NOW } });
    try {
      const ada = await newUser(rt);
      const vic = await newUser(rt);
      await addWallet(rt, ada, 'Joint checking', 40);
      await joinHousehold(
        rt.deps.dataSource,
        vic.id,
        await householdOf(rt.deps.dataSource, ada.id),
        'VIEWER',
      );
      const read = await rest(rt, 'GET', `/account/debtor-wallets?debtorId=${vic.id}`, { token: vic.token });
      expect(read.status).toBe(200);
      expect((read.body as { walletName: string }[]).map((wallet) => wallet.walletName)).toEqual([
        'Joint checking',
      ]);
      const write = await rest(rt, 'POST', '/account/add-wallet', {
        token: vic.token,
        body: { debtorId: vic.id, id: -1, walletName: 'Mine', walletDescription: null, balance: 1 },
      });
      expect(write.status).toBe(403);
      expect(JSON.stringify(write.body)).toContain('Your role in this household is viewer');

      // A stranger's tab naming the household reads nothing of it.
      const eve = await newUser(rt);
      const named = await rest(rt, 'GET', `/account/debtor-wallets?debtorId=${eve.id}`, {
        token: eve.token,
        headers: { 'x-household': await householdOf(rt.deps.dataSource, ada.id) },
      });
      expect(named.status).toBe(403);
      expect(JSON.stringify(named.body)).toContain('You are no longer a member of this household.');
    } finally {
      await rt.close();
    }
  });
});
