import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReadyUser, newCredentials, seedWallet, VERIFICATION_CODE } from '../support/api';
import { dialog, expectText, money, readWholeAnalysis } from '../support/dashboard';
import {
  dashboardHeading,
  fillLogin,
  fillSignUp,
  JOURNEY_TIMEOUT_MS,
  useJourneyEnvironment,
} from '../support/journey';

const env = useJourneyEnvironment();

const INVITATION_LINK = /#\/invitation\/([A-Za-z0-9_-]{43})/;

test(
  'shared household: Ada invites Bob (a new person, as editor) and Vic (as viewer), in three browsers',
  { timeout: JOURNEY_TIMEOUT_MS * 2 },
  async () => {
    const ada = await env.start('j33-ada');
    const app = ada.app;
    const owner = await createReadyUser(app, 'ada', { firstName: 'Ada', lastName: 'Lovelace' });
    const vicUser = await createReadyUser(app, 'vic', { firstName: 'Vic', lastName: 'Viewer' });
    await seedWallet(app, owner, { walletName: 'Joint checking', balance: 2500 });
    const bobUser = newCredentials('bob', 'Bob', 'Lovelace');

    await ada.step('Ada invites Bob as an editor and Vic as a viewer', async () => {
      await ada.signIn(owner);
      await ada.page.getByRole('link', { name: 'Manage Account' }).click();
      const household = ada.page.locator('section[aria-labelledby="household-title"]');
      await household.waitFor();
      for (const [email, role] of [
        [bobUser.email, 'EDITOR'],
        [vicUser.email, 'VIEWER'],
      ] as const) {
        await household.getByLabel('E-mail').fill(email);
        await household.getByLabel('Role', { exact: true }).selectOption(role);
        await household.getByRole('button', { name: 'Invite' }).click();
        await expectText(household, `Invitation sent to ${email}. The link works for 7 days.`);
      }
      await expectText(household.getByRole('list', { name: 'Pending invitations' }), vicUser.email);
      await household.scrollIntoViewIfNeeded();
      await ada.screen('household-invited');
    });

    const bob = await env.start('j33-bob');
    const bobToken = await app.mail.waitFor(bobUser.email, INVITATION_LINK);
    await bob.step(
      'Bob opens the link signed out: who invites to what, and a sign-up with no payment',
      async () => {
        await bob.page.goto(`/#/invitation/${bobToken}`);
        await bob.page.getByRole('heading', { name: "Join Ada's household" }).waitFor();
        await expectText(bob.page.locator('main'), 'You need no subscription of your own.');
        await bob.screen('invitation-signed-out');
        await bob.page.getByRole('link', { name: 'Create an account' }).click();
        await bob.page.getByRole('heading', { name: 'Create your account' }).waitFor();
        assert.equal(
          await bob.page.getByRole('radio', { name: /Pay yearly/ }).count(),
          0,
          'no plan to choose',
        );
        assert.equal(await bob.page.getByLabel('Email').inputValue(), bobUser.email);
        await fillSignUp(bob.page, bobUser);
        await bob.page.getByRole('button', { name: 'Sign Up' }).click();
        await bob.page.getByRole('heading', { name: 'Login to your account' }).waitFor();
      },
    );

    await bob.step('Bob signs in, verifies his e-mail, and joins', async () => {
      await fillLogin(bob.page, bobUser.userName, bobUser.password);
      await bob.page.getByRole('link', { name: 'Verify your e-mail' }).click();
      const code = await app.mail.waitFor(bobUser.email, VERIFICATION_CODE);
      await bob.page.getByLabel('Verification Code').fill(code);
      await bob.page.getByRole('button', { name: 'Verify Email' }).click();
      await bob.page.getByRole('link', { name: 'Continue to the invitation' }).click();
      await bob.page.getByRole('button', { name: "Join Ada's household" }).click();
      await dashboardHeading(bob.page, bobUser).waitFor();
      await expectText(bob.page.locator('main'), "Ada's household · Editor");
    });

    await bob.step('Bob spends from the joint wallet', async () => {
      await readWholeAnalysis(bob.page);
      const panel = bob.page.getByRole('tabpanel', { name: 'Analysis' });
      await panel.getByLabel('Amount').fill('12.50');
      await panel.getByLabel('Note (optional)').fill('groceries');
      await panel.getByRole('button', { name: 'Spent' }).click();
      await expectText(panel, `Spent ${money(12.5)} from Joint checking`);
      await bob.screen('editor-dashboard');
    });

    await bob.step(
      'A second tab switched to his own household leaves this tab on the shared one',
      async () => {
        const other = await bob.context.newPage();
        await other.goto(bob.page.url());
        await other.getByLabel('Household', { exact: true }).selectOption({ label: "Bob's household" });
        await other
          .getByText('Go to Manage Wallets to add a wallet and start tracking available cash')
          .waitFor();
        await other.close();
        // This tab still shows, and changes, Ada's household, even after a reload.
        await bob.page.reload();
        await dashboardHeading(bob.page, bobUser).waitFor();
        await expectText(bob.page.locator('main'), "Ada's household · Editor");
        await readWholeAnalysis(bob.page);
        const panel = bob.page.getByRole('tabpanel', { name: 'Analysis' });
        await panel.getByLabel('Amount').fill('2.25');
        await panel.getByRole('button', { name: 'Spent' }).click();
        await expectText(panel, `Spent ${money(2.25)} from Joint checking`);
      },
    );

    await ada.step("Ada sees Bob's entry, by Bob, and the household's activity", async () => {
      await ada.page.getByRole('link', { name: 'Dashboard' }).click();
      await ada.page.reload();
      await dashboardHeading(ada.page, owner).waitFor();
      await readWholeAnalysis(ada.page);
      await ada.page.getByRole('button', { name: 'Open the register of Joint checking' }).first().click();
      const register = dialog(ada.page, /^Wallet Register: Joint checking/);
      await expectText(register, 'groceries');
      await expectText(register, 'by Bob');
      await ada.screen('register-by-bob');
      await register.getByRole('button', { name: 'Close' }).first().click();
    });

    const vic = await env.start('j33-vic');
    const vicToken = await app.mail.waitFor(vicUser.email, INVITATION_LINK);
    await vic.step('Vic, signed in already, joins as a viewer: he reads, and may not change', async () => {
      await vic.signIn(vicUser);
      await vic.page.goto(`/#/invitation/${vicToken}`);
      await vic.page.getByRole('button', { name: "Join Ada's household" }).click();
      await dashboardHeading(vic.page, vicUser).waitFor();
      await expectText(
        vic.page.locator('main'),
        "You are a viewer in Ada's household: you see its money, and its owner can make you an editor.",
      );
      await readWholeAnalysis(vic.page);
      const panel = vic.page.getByRole('tabpanel', { name: 'Analysis' });
      await expectText(panel, 'Joint checking');
      assert.equal(await panel.getByRole('button', { name: 'Spent' }).isDisabled(), true);
      await vic.screen('viewer-dashboard');
    });

    await vic.step('Vic belongs to two households: the navbar switches between them', async () => {
      const switcher = vic.page.getByLabel('Household', { exact: true });
      await switcher.waitFor();
      await switcher.selectOption({ label: "Vic's household" });
      await vic.page
        .getByText('Go to Manage Wallets to add a wallet and start tracking available cash')
        .waitFor();
      await vic.screen('switched-home');
      await switcher.selectOption({ label: "Ada's household" });
      await expectText(vic.page.locator('main'), "You are a viewer in Ada's household");
      await readWholeAnalysis(vic.page);
      await expectText(vic.page.getByRole('tabpanel', { name: 'Analysis' }), 'Joint checking');
    });

    await ada.step('Ada makes Bob a viewer: his very next change is refused, saying why', async () => {
      await ada.page.getByRole('link', { name: 'Manage Account' }).click();
      const household = ada.page.locator('section[aria-labelledby="household-title"]');
      await household.getByLabel('Role of Bob Lovelace').selectOption('VIEWER');
      await expectText(household, 'Bob is now a viewer');
      const panel = bob.page.getByRole('tabpanel', { name: 'Analysis' });
      await panel.getByLabel('Amount').fill('3');
      await panel.getByRole('button', { name: 'Spent' }).click();
      await expectText(
        bob.page.locator('main'),
        'Your role in this household is viewer: ask its owner to make you an editor.',
      );
    });

    for (const journey of [vic, bob, ada]) await journey.finish();
  },
);
