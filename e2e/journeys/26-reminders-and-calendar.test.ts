import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createReadyUser, seedExpense, seedWallet } from '../support/api';
import { addDays, today } from '../support/dates';
import { htmlPart } from '../support/mail-sink';
import { JOURNEY_TIMEOUT_MS, useJourneyEnvironment } from '../support/journey';

const env = useJourneyEnvironment();

const BILL = 'Riverside Power';

test(
  'reminders and the calendar feed: settings saved, the mail arrives, one click unsubscribes, the feed shows the bill until revoked',
  { timeout: JOURNEY_TIMEOUT_MS },
  async () => {
    const journey = await env.start('j26-reminders');
    const { page, app } = journey;
    const user = await createReadyUser(app, 'remind', { firstName: 'Rita', lastName: 'Reminder' });
    await seedWallet(app, user, { walletName: 'Checking', balance: 1200 });
    const dueDate = addDays(today(), 1);
    await seedExpense(app, user, {
      creditorName: BILL,
      debtType: 'UTILITY',
      frequency: 'MONTHLY',
      dueDate,
      payment: 87.5,
    });
    const reminders = () => page.getByRole('form', { name: 'Reminder settings' });

    await journey.step('choose when reminders come on Manage Account', async () => {
      await journey.signIn(user);
      await page.getByRole('link', { name: 'Manage Account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();
      const form = reminders();
      await form.waitFor();
      assert.equal(await form.getByLabel('Bills due soon').isChecked(), true, 'on by default');
      // Midnight: the account's send hour has always come, whatever the hour of this run.
      await form.getByLabel('Send at').selectOption({ label: '12:00 AM' });
      await form.getByLabel('Remind me').selectOption({ label: '3 days before' });
      await form.getByRole('button', { name: 'Save reminders' }).click();
      await page.getByText('Reminders saved').waitFor();
      await journey.screen('reminder-settings');
      await page.reload();
      assert.equal(await reminders().getByLabel('Send at').inputValue(), '0', 'the hour is kept');
    });

    let unsubscribeUrl = '';
    await journey.step(
      'the next scan mails the bill due tomorrow, in the brand and readable on a phone',
      async () => {
        // The scan runs at start-up and then every REMINDER_SCAN_SECONDS (300): a restart is the next one.
        await app.stopServer();
        await app.restart();
        await app.mail.waitFor(user.email, new RegExp(BILL));
        const mail = app.mail.messages.find(
          (m) => m.to.includes(user.email.toLowerCase()) && m.raw.includes(BILL),
        );
        assert.ok(mail);
        assert.match(mail.raw, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
        unsubscribeUrl = (/^List-Unsubscribe:\s*<([^>]+)>/m.exec(mail.raw)?.[1] ?? '').replace(/\s/g, '');
        assert.match(unsubscribeUrl, /\/reminders\/unsubscribe\?token=/);
        await page.setContent(htmlPart(mail.raw));
        await page.getByRole('heading', { name: /due/i }).first().waitFor();
        assert.ok(await page.getByText(BILL).isVisible(), 'the bill is in the mail');
        assert.ok(await page.getByRole('link', { name: 'Open your dashboard' }).isVisible());
        await journey.screen('reminder-mail');
      },
    );

    await journey.step("the mail's unsubscribe link asks first, then turns bill reminders off", async () => {
      await page.goto(unsubscribeUrl);
      await page.getByRole('heading', { name: /^Unsubscribe from / }).waitFor();
      await journey.screen('unsubscribe-ask');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      await journey.screen('unsubscribed');
      await page.getByRole('link', { name: 'Manage your reminders' }).click();
      await page.getByRole('heading', { level: 1, name: 'Manage Account' }).waitFor();
      const form = reminders();
      await form.waitFor();
      assert.equal(await form.getByLabel('Bills due soon').isChecked(), false, 'bill reminders are off');
      assert.equal(
        await form.getByLabel(/^Payday digest/).isChecked(),
        true,
        'the other kinds stay as they were',
      );
    });

    await journey.step('a calendar feed shows the bill on its day until it is revoked', async () => {
      const section = page.getByRole('region', { name: 'Calendar feed' });
      await section.getByRole('button', { name: 'Create calendar feed' }).click();
      const address = section.getByLabel('New calendar address');
      await address.waitFor();
      const feedUrl = await address.inputValue();
      await journey.screen('calendar-feed');
      const feed = await fetch(feedUrl);
      assert.equal(feed.status, 200);
      assert.match(feed.headers.get('content-type') ?? '', /^text\/calendar/);
      const ics = await feed.text();
      assert.match(ics, /^BEGIN:VCALENDAR/);
      assert.ok(ics.includes(BILL), 'the bill is an event');
      assert.ok(ics.includes(`DTSTART;VALUE=DATE:${dueDate.replace(/-/g, '')}`), 'on its due date');

      await section.getByRole('button', { name: /^Revoke the feed created / }).click();
      await page
        .getByRole('dialog', { name: 'Revoke calendar feed' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await section.getByText('Calendar feed revoked').waitFor();
      assert.equal((await fetch(feedUrl)).status, 404, 'a revoked address reads nothing');
    });

    await journey.finish();
  },
);
