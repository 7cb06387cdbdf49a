import { useQuery } from '@apollo/client/react';
import ListGroup from 'react-bootstrap/ListGroup';
import { HouseholdActivityDocument } from '../../gql/graphql';

const WHEN = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** What happened to the household lately, newest first: who did what. */
export function HouseholdActivityList() {
  const { data, error } = useQuery(HouseholdActivityDocument, { variables: { limit: 15 } });
  const entries = data?.householdActivity ?? [];
  return (
    <details className="mt-2">
      <summary className="fw-semibold">Recent activity</summary>
      {error ? (
        <p className="text-danger small mt-2">Problem loading the activity. Refresh page.</p>
      ) : entries.length === 0 ? (
        <p className="text-muted small mt-2">Nothing yet.</p>
      ) : (
        <ListGroup as="ul" variant="flush" aria-label="Recent activity" className="mt-2">
          {entries.map((entry, index) => (
            <ListGroup.Item as="li" key={`${entry.at}-${index}`} className="px-0">
              <span className="fw-semibold">{entry.who || 'Someone'}</span> {entry.action.toLowerCase()}
              {entry.summary && <span className="text-muted">: {entry.summary}</span>}
              <small className="text-muted d-block">{WHEN.format(new Date(entry.at))}</small>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </details>
  );
}
