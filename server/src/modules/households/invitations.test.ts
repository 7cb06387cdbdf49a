import { queryOne, queryRows } from '../../db/sql';
import { buildDebtor, DEFAULT_PASSWORD, householdOf } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { latestMail, registerAndSignIn, REGISTER, registrationInput, client } from '../../test/accounts';
import { addWallet, errorCode, ok, type TestUser } from '../../test/finance';
import { INVITATION_MESSAGES, MAX_PENDING_INVITATIONS } from './invitations.service';
import { MEMBER_MESSAGES } from './members.service';

/**
 * Invitations and membership (docs/product-rules.md §16): the owner invites by e-mail, the invited
 * person signs up from the link without a checkout and joins once verified; the link works once,
 * for one address, 7 days; the owner manages roles, removal and the transfer; members leave.
 */
const INVITE =
  'mutation($email: String!, $role: HouseholdRole!) { inviteMember(email: $email, role: $role) { id email role invitedBy expiresAt } }';
const PREVIEW =
  'query($token: String!) { invitation(token: $token) { householdName invitedBy role email expired } }';
const ACCEPT = 'mutation($token: String!) { acceptInvitation(token: $token) { id name myRole } }';
const HOUSEHOLD =
  '{ household { id name personal myRole members { id firstName role email } invitations { id email role } } }';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function owner(firstName = 'Ada'): Promise<TestUser & { email: string }> {
  const built = await buildDebtor(t.deps.dataSource, t.deps.config, { firstName });
  return { id: built.debtor.id, token: built.accessToken, email: built.debtor.email };
}

/** Invites `email` and reads the token from the mailed link. */
async function invite(from: TestUser, email: string, role = 'EDITOR'): Promise<string> {
  ok(await t.gql(INVITE, { email, role }, { token: from.token }));
  const mail = await latestMail(t.deps.dataSource, email, 'invites you');
  const token = /#\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1];
  if (!token) throw new Error('no invitation link in the mail');
  return token;
}

async function verified(email: string, firstName = 'Bob'): Promise<TestUser> {
  const built = await buildDebtor(t.deps.dataSource, t.deps.config, { email, firstName });
  return { id: built.debtor.id, token: built.accessToken };
}

describe('invitations', () => {
  it('a new person signs up from the link without a checkout, joins once verified, and shares the money', async () => {
    const ada = await owner();
    await addWallet(t, ada, 'Joint checking', 250);
    const input = registrationInput({ firstName: 'Bob' });
    const token = await invite(ada, String(input.email).toUpperCase(), 'EDITOR');

    // The page shows who invites to what before anyone signs in.
    expect(ok(await t.gql(PREVIEW, { token })).invitation).toEqual({
      householdName: "Ada's household",
      invitedBy: 'Ada',
      role: 'EDITOR',
      email: String(input.email).toUpperCase(),
      expired: false,
    });

    // Sign-up with the invitation: no checkout; an unverified account cannot join yet.
    const bob = await registerAndSignIn(t, { ...input, invitationToken: token });
    const registered = await client(t)(REGISTER, {
      input: registrationInput({ invitationToken: token, email: 'someone.else@example.com' }),
    });
    expect(registered.errors?.[0]?.message).toBe('Sign up with the invited e-mail address.');
    expect(await t.gql(ACCEPT, { token }, { token: bob.token })).toMatchObject({
      errors: [{ message: INVITATION_MESSAGES.unverified }],
    });
    ok(
      await bob.gql(
        'mutation($code: String!) { verifyEmail(code: $code) { id } }',
        { code: bob.code },
        { token: bob.token },
      ),
    );
    const joined = ok(
      await t.gql<{ acceptInvitation: { name: string; myRole: string } }>(
        ACCEPT,
        { token },
        { token: bob.token },
      ),
    );
    expect(joined.acceptInvitation).toMatchObject({ name: "Ada's household", myRole: 'EDITOR' });

    // Bob now works in Ada's household: he reads its wallet and his entry is credited to him.
    const wallets = ok(
      await t.gql<{ wallets: { id: string; walletName: string }[] }>(
        '{ wallets { id walletName } }',
        {},
        { token: bob.token },
      ),
    );
    expect(wallets.wallets.map((w) => w.walletName)).toEqual(['Joint checking']);
    ok(
      await t.gql(
        `mutation($w: ID!) { updateWalletBalance(input: { walletId: $w, balance: 0,
           transaction: { direction: SPENT, amount: 12.5, transactionDescription: "Groceries" } }) { balance } }`,
        { w: wallets.wallets[0]!.id },
        { token: bob.token },
      ),
    );
    const register = ok(
      await t.gql<{ walletRegister: { enteredBy: string | null }[] }>(
        'query($w: ID!) { walletRegister(walletId: $w) { enteredBy } }',
        { w: wallets.wallets[0]!.id },
        { token: ada.token },
      ),
    );
    expect(register.walletRegister.map((entry) => entry.enteredBy)).toEqual(['Bob']);
    const activity = ok(
      await t.gql<{ householdActivity: { who: string; action: string; summary: string }[] }>(
        '{ householdActivity { who action summary } }',
        {},
        { token: ada.token },
      ),
    );
    expect(activity.householdActivity.slice(0, 3)).toEqual([
      { who: 'Bob', action: 'Spent', summary: '$12.50 from Joint checking: Groceries' },
      { who: 'Bob', action: 'Joined', summary: 'as editor' },
      { who: 'Ada', action: 'Invited a member', summary: 'as editor' },
    ]);

    expect(activity.householdActivity).toContainEqual({
      who: 'Ada',
      action: 'Added a wallet',
      summary: 'Joint checking',
    });

    // The link works once.
    expect(ok(await t.gql(PREVIEW, { token })).invitation).toMatchObject({ expired: true });
    expect((await t.gql(ACCEPT, { token }, { token: bob.token })).errors?.[0]?.message).toBe(
      INVITATION_MESSAGES.used,
    );
  });

  it('refuses another address, an expired or withdrawn link, and a garbled one, each with its message', async () => {
    const ada = await owner();
    const other = await verified(`other-${ada.id}@example.com`);
    const token = await invite(ada, `bea-${ada.id}@example.com`);
    expect((await t.gql(ACCEPT, { token }, { token: other.token })).errors?.[0]).toMatchObject({
      message: INVITATION_MESSAGES.otherAddress,
      extensions: { code: 'FORBIDDEN' },
    });
    await t.deps.dataSource.query(
      "UPDATE household_invitation SET expires_at = now() - interval '1 minute' WHERE lower(email) = lower($1)",
      [`bea-${ada.id}@example.com`],
    );
    const bea = await verified(`bea-${ada.id}@example.com`, 'Bea');
    expect((await t.gql(ACCEPT, { token }, { token: bea.token })).errors?.[0]?.message).toBe(
      INVITATION_MESSAGES.expired,
    );

    const again = await invite(ada, `bea-${ada.id}@example.com`, 'VIEWER');
    const pending = ok(
      await t.gql<{ household: { invitations: { id: string }[] } }>(HOUSEHOLD, {}, { token: ada.token }),
    );
    ok(
      await t.gql(
        'mutation($id: ID!) { revokeInvitation(id: $id) }',
        { id: pending.household.invitations[0]!.id },
        { token: ada.token },
      ),
    );
    expect((await t.gql(ACCEPT, { token: again }, { token: bea.token })).errors?.[0]?.message).toBe(
      INVITATION_MESSAGES.revoked,
    );
    for (const garbled of ['', 'x'.repeat(43), 'not a token']) {
      expect((await t.gql(PREVIEW, { token: garbled })).errors?.[0]).toMatchObject({
        message: INVITATION_MESSAGES.unknown,
        extensions: { code: 'NOT_FOUND' },
      });
    }
  });

  it('two accepts at once make one membership', async () => {
    const ada = await owner();
    const email = `twice-${ada.id}@example.com`;
    const token = await invite(ada, email);
    const bob = await verified(email);
    const answers = await Promise.all([1, 2, 3].map(() => t.gql(ACCEPT, { token }, { token: bob.token })));
    expect(answers.filter((answer) => !answer.errors)).toHaveLength(1);
    const rows = await queryRows(
      t.deps.dataSource,
      'SELECT 1 FROM household_member WHERE debtor_id = $1 AND household_id = $2',
      [bob.id, await householdOf(t.deps.dataSource, ada.id)],
    );
    expect(rows).toHaveLength(1);
  });

  it('holds the limits: 10 pending invitations, and an invitation to a member is refused', async () => {
    const ada = await owner();
    for (let i = 0; i < MAX_PENDING_INVITATIONS; i += 1) {
      ok(await t.gql(INVITE, { email: `p${i}-${ada.id}@example.com`, role: 'VIEWER' }, { token: ada.token }));
    }
    expect(
      (await t.gql(INVITE, { email: `more-${ada.id}@example.com`, role: 'VIEWER' }, { token: ada.token }))
        .errors?.[0]?.message,
    ).toBe(INVITATION_MESSAGES.pending);
    expect(
      (await t.gql(INVITE, { email: ada.email, role: 'VIEWER' }, { token: ada.token })).errors?.[0]?.message,
    ).toBe(INVITATION_MESSAGES.memberAlready);
    expect(
      (await t.gql(INVITE, { email: 'owner@example.com', role: 'OWNER' }, { token: ada.token })).errors?.[0]
        ?.message,
    ).toBe(INVITATION_MESSAGES.ownerRole);
    // Mail goes out in the inviter's name only from a proven address.
    const unverified = await buildDebtor(t.deps.dataSource, t.deps.config, { status: 999 });
    expect(
      (await t.gql(INVITE, { email: 'x@example.com', role: 'VIEWER' }, { token: unverified.accessToken }))
        .errors?.[0],
    ).toMatchObject({ message: INVITATION_MESSAGES.inviterUnverified, extensions: { code: 'FORBIDDEN' } });
  });
});

describe('membership', () => {
  async function household(of: TestUser) {
    return ok(
      await t.gql<{
        household: {
          id: string;
          name: string;
          personal: boolean;
          myRole: string;
          members: { id: string; role: string }[];
        };
      }>(HOUSEHOLD, {}, { token: of.token }),
    ).household;
  }

  it('the owner changes roles and removes; a member leaves; nobody else manages', async () => {
    const ada = await owner();
    const bobEmail = `bob-${ada.id}@example.com`;
    const token = await invite(ada, bobEmail, 'EDITOR');
    const bob = await verified(bobEmail);
    ok(await t.gql(ACCEPT, { token }, { token: bob.token }));
    const wallet = await addWallet(t, bob, 'Added by Bob', 10);
    // Only the owner invites.
    expect(
      (await t.gql(INVITE, { email: `x-${ada.id}@example.com`, role: 'EDITOR' }, { token: bob.token }))
        .errors?.[0],
    ).toMatchObject({
      message: "Only the household's owner can invite members.",
      extensions: { code: 'FORBIDDEN' },
    });

    const viewer = ok(
      await t.gql<{ changeMemberRole: { role: string } }>(
        'mutation($m: ID!) { changeMemberRole(memberId: $m, role: VIEWER) { role } }',
        { m: String(bob.id) },
        { token: ada.token },
      ),
    );
    expect(viewer.changeMemberRole.role).toBe('VIEWER');
    expect(
      (
        await t.gql(
          'mutation($m: ID!) { removeMember(memberId: $m) }',
          { m: String(ada.id) },
          { token: bob.token },
        )
      ).errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN');
    expect(
      (await t.gql('mutation { leaveHousehold { id } }', {}, { token: ada.token })).errors?.[0]?.message,
    ).toBe(MEMBER_MESSAGES.ownerStays);

    // Bob leaves: he is back home, and what he entered stays, credited to him.
    const home = ok(
      await t.gql<{ leaveHousehold: { personal: boolean } }>(
        'mutation { leaveHousehold { personal } }',
        {},
        { token: bob.token },
      ),
    );
    expect(home.leaveHousehold.personal).toBe(true);
    expect((await household(bob)).personal).toBe(true);
    const kept = await queryOne<{ name: string }>(
      t.deps.dataSource,
      'SELECT name FROM wallet WHERE id = $1',
      [Number(wallet.id)],
    );
    expect(kept).toEqual({ name: 'Added by Bob' });
    // He cannot come back by switching.
    const shared = await householdOf(t.deps.dataSource, ada.id);
    expect(
      errorCode(
        await t.gql(
          'mutation($id: ID!) { switchHousehold(id: $id) { id } }',
          { id: shared },
          { token: bob.token },
        ),
      ),
    ).toBe('NOT_FOUND');
  });

  it('transfers ownership with the password; the former owner gets a home of their own; deleting an owner is refused while others remain', async () => {
    const ada = await owner();
    const bobEmail = `heir-${ada.id}@example.com`;
    const token = await invite(ada, bobEmail, 'VIEWER');
    const bob = await verified(bobEmail);
    ok(await t.gql(ACCEPT, { token }, { token: bob.token }));
    expect(
      (
        await t.gql(
          'mutation { deleteAccount(password: "' + DEFAULT_PASSWORD + '") }',
          {},
          { token: ada.token },
        )
      ).errors?.[0]?.message,
    ).toBe('Transfer the household first.');
    const TRANSFER =
      'mutation($m: ID!, $p: String!) { transferOwnership(memberId: $m, password: $p) { myRole personal } }';
    expect(
      errorCode(await t.gql(TRANSFER, { m: String(bob.id), p: 'Wrong!Pass1' }, { token: ada.token })),
    ).toBe('BAD_USER_INPUT');
    const moved = ok(
      await t.gql<{ transferOwnership: { myRole: string; personal: boolean } }>(
        TRANSFER,
        { m: String(bob.id), p: DEFAULT_PASSWORD },
        { token: ada.token },
      ),
    );
    expect(moved.transferOwnership).toEqual({ myRole: 'EDITOR', personal: false });
    expect((await household(bob)).myRole).toBe('OWNER');
    const adaLeaves = ok(
      await t.gql<{ leaveHousehold: { personal: boolean; myRole: string } }>(
        'mutation { leaveHousehold { personal myRole } }',
        {},
        { token: ada.token },
      ),
    );
    expect(adaLeaves.leaveHousehold).toEqual({ personal: true, myRole: 'OWNER' });
    const owners = await queryRows(
      t.deps.dataSource,
      "SELECT debtor_id FROM household_member WHERE household_id = (SELECT current_household_id FROM debtor WHERE id = $1) AND role = 'OWNER'",
      [bob.id],
    );
    expect(owners).toEqual([{ debtor_id: bob.id }]);
  });
});
