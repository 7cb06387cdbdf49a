import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { BILL_LEAD_DAYS_MAX, reminderSettingsErrors } from '@truenet/core';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { PageSpinner } from '../../components/PageSpinner';
import { SpinnerButton } from '../../components/SpinnerButton';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import {
  ReminderSettingsDocument,
  UpdateReminderSettingsDocument,
  type ReminderSettingsInput,
} from '../../gql/graphql';
import { PushNotificationsPanel } from './PushNotificationsPanel';
import { clockTime } from '../../kit/dates';

const LEAD_DAYS = Array.from({ length: BILL_LEAD_DAYS_MAX + 1 }, (_, days) => days);
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function leadDaysLabel(days: number): string {
  if (days === 0) return 'On the due date';
  return days === 1 ? '1 day before' : `${days} days before`;
}

/** 0 → '12:00 AM', 13 → '1:00 PM'. */
export function hourLabel(hour: number): string {
  return clockTime(hour, 0);
}

/** Reminder e-mails (docs/product-rules.md §9): which kinds, how early, and at what hour of the account's day. */
export function RemindersSection() {
  const { data, loading, error } = useQuery(ReminderSettingsDocument);
  // Out here, not in the form: the settings the save refetches remount the form (its key), and the
  // message saying they were saved must outlive that.
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  if (loading && !data) return <PageSpinner label="Loading reminders ..." />;
  return (
    <Card as="section" aria-labelledby="reminders-title" className="mb-4 shadow-sm">
      <Card.Body>
        <Card.Title as="h2" id="reminders-title" className="h5 mb-1">
          Reminders
        </Card.Title>
        <p className="text-muted small">
          E-mails about your bills, paydays and budgets, sent once a day at the hour you choose, in your time
          zone. They cover every household you belong to.
        </p>
        {data ? (
          <>
            <RemindersForm
              key={JSON.stringify(data.reminderSettings)}
              initial={data.reminderSettings}
              onFeedback={setFeedback}
            />
            <div className="mt-3">
              <FormMessage feedback={feedback} />
            </div>
          </>
        ) : (
          <p className="text-danger mb-0">{error ? 'Problem loading reminders. Refresh page.' : null}</p>
        )}
        <PushNotificationsPanel />
      </Card.Body>
    </Card>
  );
}

interface RemindersFormProps {
  initial: ReminderSettingsInput;
  onFeedback: (feedback: Feedback | null) => void;
}

function RemindersForm({ initial, onFeedback: setFeedback }: RemindersFormProps) {
  const [settings, setSettings] = useState<ReminderSettingsInput>({
    billReminders: initial.billReminders,
    billLeadDays: initial.billLeadDays,
    pastDueNotices: initial.pastDueNotices,
    paydayDigest: initial.paydayDigest,
    budgetAlerts: initial.budgetAlerts ?? true,
    sendHour: initial.sendHour,
  });
  const [save, { loading: saving }] = useMutation(UpdateReminderSettingsDocument, {
    refetchQueries: ['ReminderSettings'],
  });
  const errors = reminderSettingsErrors({ ...settings, budgetAlerts: settings.budgetAlerts ?? true });
  const change = (patch: Partial<ReminderSettingsInput>) => {
    setSettings((current) => ({ ...current, ...patch }));
    setFeedback(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const first = Object.values(errors)[0];
    if (first) {
      setFeedback({ variant: 'danger', text: first });
      return;
    }
    try {
      await save({ variables: { input: settings } });
      setFeedback({ variant: 'success', text: 'Reminders saved' });
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'Unable to save reminders'),
      });
    }
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Reminder settings">
      <Form.Check
        type="switch"
        id="reminder-bills"
        className="mb-2"
        label="Bills due soon"
        checked={settings.billReminders}
        onChange={(event) => change({ billReminders: event.target.checked })}
      />
      <Form.Group controlId="reminder-lead-days" className="mb-3 ms-md-5" style={{ maxWidth: '16rem' }}>
        <Form.Label className="small mb-1">Remind me</Form.Label>
        <Form.Select
          size="sm"
          value={settings.billLeadDays}
          disabled={!settings.billReminders}
          isInvalid={Boolean(errors.billLeadDays)}
          onChange={(event) => change({ billLeadDays: Number(event.target.value) })}
        >
          {LEAD_DAYS.map((days) => (
            <option key={days} value={days}>
              {leadDaysLabel(days)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Check
        type="switch"
        id="reminder-past-due"
        className="mb-2"
        label="Past-due notices (the day after a bill was due and is not marked paid)"
        checked={settings.pastDueNotices}
        onChange={(event) => change({ pastDueNotices: event.target.checked })}
      />
      <Form.Check
        type="switch"
        id="reminder-payday"
        className="mb-2"
        label="Payday digest (on each payday: your pay, the bills until the next one, your true net income)"
        checked={settings.paydayDigest}
        onChange={(event) => change({ paydayDigest: event.target.checked })}
      />
      <Form.Check
        type="switch"
        id="reminder-budgets"
        className="mb-3"
        label="Budget alerts (when a budget reaches 80% and then all of its month: pushed to your devices, or in the next e-mail)"
        checked={settings.budgetAlerts ?? true}
        onChange={(event) => change({ budgetAlerts: event.target.checked })}
      />
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId="reminder-send-hour" style={{ maxWidth: '12rem' }}>
          <Form.Label>Send at</Form.Label>
          <Form.Select
            value={settings.sendHour}
            isInvalid={Boolean(errors.sendHour)}
            onChange={(event) => change({ sendHour: Number(event.target.value) })}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {hourLabel(hour)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <SpinnerButton type="submit" busy={saving} busyLabel="Saving ...">
          Save reminders
        </SpinnerButton>
      </div>
    </Form>
  );
}
