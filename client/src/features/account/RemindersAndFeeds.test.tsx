import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import {
  CalendarFeedsDocument,
  CreateCalendarFeedDocument,
  ReminderSettingsDocument,
  RevokeCalendarFeedDocument,
  UpdateReminderSettingsDocument,
  type CalendarFeedsQuery,
} from '../../gql/graphql';
import { renderScreen } from '../../app/testing/render';
import { CalendarFeedsSection } from './CalendarFeedsSection';
import { hourLabel, RemindersSection } from './RemindersSection';

const DEFAULTS = {
  billReminders: true,
  billLeadDays: 3,
  pastDueNotices: true,
  paydayDigest: true,
  budgetAlerts: true,
  sendHour: 8,
};
const settingsMock = (settings = DEFAULTS) => ({
  request: { query: ReminderSettingsDocument },
  result: { data: { reminderSettings: { __typename: 'ReminderSettings', ...settings } } },
  maxUsageCount: 5,
});
const feed = (overrides: Partial<CalendarFeedsQuery['calendarFeeds'][number]> = {}) => ({
  __typename: 'CalendarFeed' as const,
  id: 'f1',
  createdAt: '2026-11-20T15:00:00.000Z',
  lastUsedAt: null,
  includeAmounts: true,
  ...overrides,
});
const feedsMock = (calendarFeeds: ReturnType<typeof feed>[] = []) => ({
  request: { query: CalendarFeedsDocument },
  result: { data: { calendarFeeds } },
  maxUsageCount: 5,
});

describe('Reminders section', () => {
  it('shows the settings and saves a change', async () => {
    const saved = { ...DEFAULTS, billLeadDays: 7, paydayDigest: false, sendHour: 18 };
    let refetched = false;
    renderScreen(<RemindersSection />, {
      mocks: [
        { ...settingsMock(), maxUsageCount: 1 },
        {
          request: { query: UpdateReminderSettingsDocument, variables: { input: saved } },
          result: { data: { updateReminderSettings: { __typename: 'ReminderSettings', ...saved } } },
        },
        {
          ...settingsMock(saved),
          result: () => {
            refetched = true;
            return settingsMock(saved).result;
          },
        },
      ],
    });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Bills due soon')).toBeChecked();
    expect(screen.getByLabelText('Remind me')).toHaveDisplayValue('3 days before');
    expect(screen.getByLabelText('Send at')).toHaveDisplayValue('8:00 AM');
    await user.selectOptions(screen.getByLabelText('Remind me'), '7 days before');
    await user.click(screen.getByLabelText(/Payday digest/));
    await user.selectOptions(screen.getByLabelText('Send at'), '6:00 PM');
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    expect(await screen.findByText('Reminders saved')).toBeInTheDocument();
    // The save refetches the settings, whose new values remount the form: the message stays.
    await waitFor(() => expect(refetched).toBe(true));
    await waitFor(() => expect(screen.getByLabelText('Send at')).toHaveDisplayValue('6:00 PM'));
    expect(screen.getByText('Reminders saved')).toBeInTheDocument();
  });

  it("shows the server's message when saving fails", async () => {
    renderScreen(<RemindersSection />, {
      mocks: [
        settingsMock(),
        {
          request: { query: UpdateReminderSettingsDocument, variables: { input: DEFAULTS } },
          result: {
            errors: [
              new GraphQLError('Choose an hour from 0 to 23', { extensions: { code: 'BAD_USER_INPUT' } }),
            ],
          },
        },
      ],
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save reminders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an hour from 0 to 23');
  });

  it('labels hours the en-US way', () => {
    expect([0, 8, 12, 23].map(hourLabel)).toEqual(['12:00 AM', '8:00 AM', '12:00 PM', '11:00 PM']);
  });
});

describe('Calendar feed section', () => {
  it('creates a feed: the address is shown once with a copy button and instructions', async () => {
    const url = 'https://app.truenet.test/calendar/cal_secret.ics';
    renderScreen(<CalendarFeedsSection />, {
      mocks: [
        feedsMock(),
        {
          request: { query: CreateCalendarFeedDocument, variables: { includeAmounts: false } },
          result: {
            data: {
              createCalendarFeed: {
                __typename: 'CalendarFeedSecret',
                id: 'f1',
                url,
                createdAt: '2026-11-22T15:00:00.000Z',
              },
            },
          },
        },
        feedsMock([feed({ includeAmounts: false })]),
      ],
    });
    const user = userEvent.setup();
    expect(await screen.findByText('You have no calendar feeds.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Show amounts in the events'));
    await user.click(screen.getByRole('button', { name: 'Create calendar feed' }));
    expect(await screen.findByLabelText('New calendar address')).toHaveValue(url);
    expect(
      screen.getByText('Copy your calendar address now: it will not be shown again.'),
    ).toBeInTheDocument();
    for (const app of ['Google Calendar', 'Apple Calendar', 'Outlook'])
      expect(screen.getByText(app)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event provides the clipboard.
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('lists feeds and revokes one after confirmation', async () => {
    renderScreen(<CalendarFeedsSection />, {
      mocks: [
        feedsMock([feed({ lastUsedAt: '2026-11-21T10:00:00.000Z' })]),
        {
          request: { query: RevokeCalendarFeedDocument, variables: { id: 'f1' } },
          result: { data: { revokeCalendarFeed: true } },
        },
        feedsMock([]),
      ],
    });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Your calendar feeds' });
    expect(within(list).getByText('With amounts')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /Revoke the feed/ }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Calendar feed revoked')).toBeInTheDocument();
  });

  it('offers no sixth feed', async () => {
    renderScreen(<CalendarFeedsSection />, {
      mocks: [feedsMock([1, 2, 3, 4, 5].map((n) => feed({ id: `f${n}` })))],
    });
    expect(await screen.findByText(/You have 5 feeds, the most allowed/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create calendar feed' })).toBeDisabled());
  });
});
