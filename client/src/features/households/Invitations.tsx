import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { SpinnerButton } from '../../components/SpinnerButton';
import {
  CurrentHouseholdDocument,
  InviteMemberDocument,
  RevokeInvitationDocument,
  type HouseholdRole,
  type HouseholdViewFragment,
} from '../../gql/graphql';
import { displayDate } from '../../kit/dates';
import { ROLE_LABELS } from './roles';

/** The most members a household has (the server holds the rule; the form says it before asking). */
export const MAX_MEMBERS = 6;

/** The owner invites a person by e-mail, as an editor or a viewer. */
export function InviteMemberForm({ memberCount }: { memberCount: number }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<HouseholdRole>('EDITOR');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [invite, { loading }] = useMutation(InviteMemberDocument, {
    refetchQueries: [CurrentHouseholdDocument],
    awaitRefetchQueries: true,
  });
  const full = memberCount >= MAX_MEMBERS;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFeedback(null);
    try {
      await invite({ variables: { email: email.trim(), role } });
      setFeedback({
        variant: 'success',
        text: `Invitation sent to ${email.trim()}. The link works for 7 days.`,
      });
      setEmail('');
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'Could not send the invitation'),
      });
    }
  };

  return (
    <Form onSubmit={(event) => void onSubmit(event)} aria-label="Invite a member" className="mb-3">
      <h3 className="h6">Invite someone</h3>
      {full ? (
        <p className="text-muted small">A household has at most {MAX_MEMBERS} members.</p>
      ) : (
        <Row className="g-2 align-items-end">
          <Col xs={12} sm>
            <Form.Label htmlFor="invite-email">E-mail</Form.Label>
            <Form.Control
              id="invite-email"
              type="email"
              autoComplete="off"
              value={email}
              maxLength={254}
              onChange={(event) => setEmail(event.target.value)}
              required
            />
          </Col>
          <Col xs={7} sm="auto">
            <Form.Label htmlFor="invite-role">Role</Form.Label>
            <Form.Select
              id="invite-role"
              value={role}
              onChange={(event) => setRole(event.target.value as HouseholdRole)}
            >
              <option value="EDITOR">Editor: sees and changes</option>
              <option value="VIEWER">Viewer: sees only</option>
            </Form.Select>
          </Col>
          <Col xs={5} sm="auto">
            <SpinnerButton
              type="submit"
              busy={loading}
              busyLabel="Sending ..."
              disabled={email.trim() === ''}
              className="w-100"
            >
              Invite
            </SpinnerButton>
          </Col>
        </Row>
      )}
      <div className="mt-2">
        <FormMessage feedback={feedback} />
      </div>
    </Form>
  );
}

/** The owner's pending invitations, each withdrawable. */
export function PendingInvitations({ invitations }: { invitations: HouseholdViewFragment['invitations'] }) {
  const [revoke, { loading }] = useMutation(RevokeInvitationDocument, {
    refetchQueries: [CurrentHouseholdDocument],
    awaitRefetchQueries: true,
  });
  const [failed, setFailed] = useState<string | null>(null);
  if (invitations.length === 0) return null;
  return (
    <>
      <h3 className="h6">Pending invitations</h3>
      {failed && <p className="text-danger small">{failed}</p>}
      <ListGroup as="ul" aria-label="Pending invitations" className="mb-3">
        {invitations.map((invitation) => (
          <ListGroup.Item
            as="li"
            key={invitation.id}
            className="d-flex flex-wrap justify-content-between align-items-center gap-2"
          >
            <span>
              {invitation.email}
              <small className="text-muted d-block">
                {ROLE_LABELS[invitation.role]} · until {displayDate(invitation.expiresAt.slice(0, 10))}
              </small>
            </span>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={loading}
              aria-label={`Withdraw the invitation to ${invitation.email}`}
              onClick={() => {
                setFailed(null);
                revoke({ variables: { id: invitation.id } }).catch((failure: unknown) =>
                  setFailed(serverMessageOr(describeFailure(failure), 'Could not withdraw it')),
                );
              }}
            >
              Withdraw
            </Button>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </>
  );
}
