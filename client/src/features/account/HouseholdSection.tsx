import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { PageSpinner } from '../../components/PageSpinner';
import { SpinnerButton } from '../../components/SpinnerButton';
import { CurrentHouseholdDocument, RenameHouseholdDocument, type HouseholdRole } from '../../gql/graphql';

const ROLE_LABELS: Record<HouseholdRole, string> = { OWNER: 'Owner', EDITOR: 'Editor', VIEWER: 'Viewer' };

/** The household the account works in: its name (the owner renames it) and its members. */
export function HouseholdSection() {
  const { data, loading, error } = useQuery(CurrentHouseholdDocument);
  const [name, setName] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [rename, renameState] = useMutation(RenameHouseholdDocument);
  const household = data?.household;
  const owner = household?.myRole === 'OWNER';

  const onRename = async (event: React.FormEvent) => {
    event.preventDefault();
    if (name === null) return;
    setFeedback(null);
    try {
      await rename({ variables: { name } });
      setName(null);
      setFeedback({ variant: 'success', text: 'Household renamed' });
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'Could not rename it'),
      });
    }
  };

  return (
    <Card as="section" aria-labelledby="household-title" className="mb-4 shadow-sm">
      <Card.Body>
        <Card.Title as="h2" id="household-title" className="h5 mb-1">
          Household
        </Card.Title>
        <p className="text-muted small">Your wallets, income and bills belong to this household.</p>
        {loading && !household ? (
          <PageSpinner label="Loading household ..." />
        ) : error || !household ? (
          <p className="text-danger">Problem loading the household. Refresh page.</p>
        ) : (
          <>
            {owner ? (
              <Form onSubmit={(event) => void onRename(event)} className="mb-3">
                <Form.Label htmlFor="household-name">Name</Form.Label>
                <InputGroup>
                  <Form.Control
                    id="household-name"
                    value={name ?? household.name}
                    maxLength={60}
                    onChange={(event) => setName(event.target.value)}
                  />
                  <SpinnerButton
                    type="submit"
                    variant="outline-primary"
                    busy={renameState.loading}
                    busyLabel="Saving ..."
                    disabled={name === null || name.trim() === household.name}
                  >
                    Rename
                  </SpinnerButton>
                </InputGroup>
              </Form>
            ) : (
              <p className="fw-semibold">{household.name}</p>
            )}
            <FormMessage feedback={feedback} />
            <ListGroup as="ul" aria-label="Members">
              {household.members.map((member) => (
                <ListGroup.Item
                  as="li"
                  key={member.id}
                  className="d-flex flex-wrap justify-content-between gap-2"
                >
                  <span>
                    {member.firstName} {member.lastName}
                    {member.email && <small className="text-muted d-block">{member.email}</small>}
                  </span>
                  <Badge bg="secondary" className="align-self-center">
                    {ROLE_LABELS[member.role]}
                  </Badge>
                </ListGroup.Item>
              ))}
            </ListGroup>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
