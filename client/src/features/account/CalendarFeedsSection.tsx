import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import { ConfirmModal } from '../../components/ConfirmModal';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { PageSpinner } from '../../components/PageSpinner';
import { SpinnerButton } from '../../components/SpinnerButton';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import {
  CalendarFeedsDocument,
  CreateCalendarFeedDocument,
  RevokeCalendarFeedDocument,
  type CalendarFeedsQuery,
} from '../../gql/graphql';
import { displayInstant } from './format';

type Feed = CalendarFeedsQuery['calendarFeeds'][number];
export const MAX_FEEDS = 5;

/** Calendar feeds: a secret URL (shown once) for Google, Apple or Outlook calendars; list; revoke. */
export function CalendarFeedsSection() {
  const { data, loading, error } = useQuery(CalendarFeedsDocument);
  const [includeAmounts, setIncludeAmounts] = useState(true);
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [revoking, setRevoking] = useState<Feed | null>(null);
  const [createFeed, { loading: creating }] = useMutation(CreateCalendarFeedDocument, {
    refetchQueries: ['CalendarFeeds'],
  });
  const [revokeFeed, { loading: revokingBusy }] = useMutation(RevokeCalendarFeedDocument, {
    refetchQueries: ['CalendarFeeds'],
  });
  const feeds = data?.calendarFeeds ?? [];
  const full = feeds.length >= MAX_FEEDS;

  const onCreate = async () => {
    setFeedback(null);
    setCopied(false);
    try {
      const result = await createFeed({ variables: { includeAmounts } });
      setUrl(result.data?.createCalendarFeed.url ?? null);
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'Unable to create feed'),
      });
    }
  };

  const onCopy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setFeedback({ variant: 'info', text: 'Copy failed: select the address and copy it by hand.' });
    }
  };

  const onConfirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revokeFeed({ variables: { id: revoking.id } });
      setFeedback({ variant: 'success', text: 'Calendar feed revoked' });
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'Unable to revoke feed'),
      });
    } finally {
      setRevoking(null);
    }
  };

  return (
    <Card as="section" aria-labelledby="calendar-feed-title" className="mb-4 shadow-sm">
      <Card.Body>
        <Card.Title as="h2" id="calendar-feed-title" className="h5 mb-1">
          Calendar feed
        </Card.Title>
        <p className="text-muted small">
          See every bill and payday in your own calendar. Your calendar app checks the feed for changes by
          itself. Anyone with the address can read it: keep it private, and revoke it if it leaks.
        </p>
        {url && (
          <Alert variant="warning">
            <p className="mb-2">Copy your calendar address now: it will not be shown again.</p>
            <InputGroup className="mb-3">
              <Form.Control readOnly value={url} aria-label="New calendar address" className="tn-secret" />
              <Button variant="outline-dark" onClick={onCopy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </InputGroup>
            <ul className="mb-0 small ps-3">
              <li>
                <strong>Google Calendar</strong> (on a computer): Other calendars, +, From URL, paste the
                address, Add calendar.
              </li>
              <li>
                <strong>Apple Calendar</strong>: File, New Calendar Subscription (on iPhone: Settings,
                Calendar, Accounts, Add Subscribed Calendar), paste the address.
              </li>
              <li>
                <strong>Outlook</strong>: Add calendar, Subscribe from web, paste the address, Import.
              </li>
            </ul>
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-3 align-items-center mb-3">
          <Form.Check
            type="checkbox"
            id="feed-amounts"
            label="Show amounts in the events"
            checked={includeAmounts}
            onChange={(event) => setIncludeAmounts(event.target.checked)}
            disabled={creating}
          />
          <SpinnerButton
            type="button"
            busy={creating}
            busyLabel="Creating ..."
            disabled={full}
            onClick={onCreate}
          >
            Create calendar feed
          </SpinnerButton>
        </div>
        {full && (
          <p className="small text-muted">
            You have {MAX_FEEDS} feeds, the most allowed. Revoke one to create another.
          </p>
        )}
        <FormMessage feedback={feedback} />
        {loading ? (
          <PageSpinner label="Loading calendar feeds ..." />
        ) : error ? (
          <p className="text-danger">Problem loading calendar feeds. Refresh page.</p>
        ) : feeds.length === 0 ? (
          <p className="text-muted mb-0">You have no calendar feeds.</p>
        ) : (
          <ListGroup as="ul" aria-label="Your calendar feeds">
            {feeds.map((feed) => (
              <ListGroup.Item
                as="li"
                key={feed.id}
                className="d-flex flex-wrap justify-content-between align-items-center gap-2"
              >
                <div>
                  <div className="fw-semibold">
                    {feed.includeAmounts ? 'With amounts' : 'Without amounts'}
                  </div>
                  <small className="text-muted d-block">Created {displayInstant(feed.createdAt)}</small>
                  <small className="text-muted d-block">
                    Last read: {feed.lastUsedAt ? displayInstant(feed.lastUsedAt) : 'Never'}
                  </small>
                </div>
                <Button
                  variant="outline-danger"
                  size="sm"
                  onClick={() => setRevoking(feed)}
                  aria-label={`Revoke the feed created ${displayInstant(feed.createdAt)}`}
                >
                  Revoke
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Card.Body>
      <ConfirmModal
        show={revoking !== null}
        title="Revoke calendar feed"
        message="Calendars subscribed to this feed will stop updating. Revoke it?"
        onCancel={() => setRevoking(null)}
        onConfirm={onConfirmRevoke}
        busy={revokingBusy}
      />
    </Card>
  );
}
