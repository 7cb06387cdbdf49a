import { queryRows } from '../../db/sql';
import { buildDebtor } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { addWallet, errorCode, newUser, ok, startFinanceApp } from '../../test/finance';

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
});
