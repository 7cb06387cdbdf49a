import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { useSession } from '../../app/session/SessionProvider';
import { ConfirmModal } from '../../components/ConfirmModal';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { PageSpinner } from '../../components/PageSpinner';
import { SpinnerButton } from '../../components/SpinnerButton';
import {
  ChangeMemberRoleDocument,
  CurrentHouseholdDocument,
  RemoveMemberDocument,
  RenameHouseholdDocument,
  type HouseholdRole,
  type HouseholdViewFragment,
} from '../../gql/graphql';
import { HouseholdActivityList } from '../households/HouseholdActivityList';
import { InviteMemberForm, PendingInvitations } from '../households/Invitations';
import { LeaveHousehold, TransferOwnership } from '../households/OwnershipActions';
import { ROLE_LABELS } from '../households/roles';
import { useHouseholdChange } from '../households/useHouseholdChange';

type Member = HouseholdViewFragment['members'][number];

function failureText(failure: unknown, fallback: string): string {
  return serverMessageOr(describeFailure(failure), fallback);
}

/** One member: the owner changes another's role or removes them; everyone else sees the role. */
function MemberRow({
  member,
  manage,
  onFeedback,
}: {
  member: Member;
  manage: boolean;
  onFeedback: (feedback: Feedback) => void;
}) {
  const [changeRole, changing] = useMutation(ChangeMemberRoleDocument);
  const [remove, removing] = useMutation(RemoveMemberDocument, {
    refetchQueries: [CurrentHouseholdDocument],
    awaitRefetchQueries: true,
  });
  const [confirming, setConfirming] = useState(false);
  const name = `${member.firstName} ${member.lastName}`;

  const onRole = async (role: HouseholdRole) => {
    try {
      await changeRole({ variables: { memberId: member.id, role } });
      onFeedback({
        variant: 'success',
        text: `${member.firstName} is now ${role === 'EDITOR' ? 'an editor' : 'a viewer'}`,
      });
    } catch (failure) {
      onFeedback({ variant: 'danger', text: failureText(failure, 'Could not change the role') });
    }
  };
  const onRemove = async () => {
    try {
      await remove({ variables: { memberId: member.id } });
      setConfirming(false);
      onFeedback({ variant: 'success', text: `${name} was removed` });
    } catch (failure) {
      setConfirming(false);
      onFeedback({ variant: 'danger', text: failureText(failure, 'Could not remove the member') });
    }
  };

  return (
    <ListGroup.Item as="li" className="d-flex flex-wrap justify-content-between align-items-center gap-2">
      <span>
        {name}
        {member.email && <small className="text-muted d-block">{member.email}</small>}
      </span>
      {manage && member.role !== 'OWNER' ? (
        <span className="d-flex gap-2 align-items-center">
          <Form.Select
            size="sm"
            aria-label={`Role of ${name}`}
            value={member.role}
            disabled={changing.loading}
            onChange={(event) => void onRole(event.target.value as HouseholdRole)}
          >
            <option value="EDITOR">Editor</option>
            <option value="VIEWER">Viewer</option>
          </Form.Select>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Remove ${name}`}
            onClick={() => setConfirming(true)}
          >
            Remove
          </Button>
        </span>
      ) : (
        <Badge bg={member.role === 'OWNER' ? 'primary' : 'secondary'}>{ROLE_LABELS[member.role]}</Badge>
      )}
      <ConfirmModal
        show={confirming}
        title="Remove member"
        message={`Remove ${name} from this household? What they entered stays, credited to them.`}
        confirmLabel="Remove"
        busy={removing.loading}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onRemove()}
      />
    </ListGroup.Item>
  );
}

/** The owner's rename form; other members see the name. */
function HouseholdName({
  household,
  onFeedback,
}: {
  household: HouseholdViewFragment;
  onFeedback: (f: Feedback | null) => void;
}) {
  const [name, setName] = useState<string | null>(null);
  const [rename, renameState] = useMutation(RenameHouseholdDocument);
  if (household.myRole !== 'OWNER') return <p className="fw-semibold">{household.name}</p>;

  const onRename = async (event: React.FormEvent) => {
    event.preventDefault();
    if (name === null) return;
    onFeedback(null);
    try {
      await rename({ variables: { name } });
      setName(null);
      onFeedback({ variant: 'success', text: 'Household renamed' });
    } catch (failure) {
      onFeedback({ variant: 'danger', text: failureText(failure, 'Could not rename it') });
    }
  };
  return (
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
  );
}

/**
 * The household the account works in: its name, members and roles, the owner's invitations and
 * transfer, leaving, and what happened lately.
 */
export function HouseholdSection() {
  const { data, loading, error } = useQuery(CurrentHouseholdDocument);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const session = useSession();
  const household = data?.household;
  const owner = household?.myRole === 'OWNER';
  const changed = useHouseholdChange();
  const others = household?.members.filter((member) => member.id !== String(session.auth?.uid)) ?? [];

  return (
    <Card as="section" aria-labelledby="household-title" className="mb-4 shadow-sm">
      <Card.Body>
        <Card.Title as="h2" id="household-title" className="h5 mb-1">
          Household
        </Card.Title>
        <p className="text-muted small">
          Your wallets, income and bills belong to this household. Share it: everyone you invite sees the same
          numbers.
        </p>
        {loading && !household ? (
          <PageSpinner label="Loading household ..." />
        ) : error || !household ? (
          <p className="text-danger">Problem loading the household. Refresh page.</p>
        ) : (
          <>
            <HouseholdName household={household} onFeedback={setFeedback} />
            <FormMessage feedback={feedback} />
            <h3 className="h6 mt-3">Members</h3>
            <ListGroup as="ul" aria-label="Members" className="mb-3">
              {household.members.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  manage={owner && member.id !== String(session.auth?.uid)}
                  onFeedback={setFeedback}
                />
              ))}
            </ListGroup>
            {owner && (
              <>
                <InviteMemberForm memberCount={household.members.length} />
                <PendingInvitations invitations={household.invitations} />
                {others.length > 0 && <TransferOwnership members={others} onDone={changed} />}
              </>
            )}
            {!owner && !household.personal && <LeaveHousehold name={household.name} onDone={changed} />}
            <HouseholdActivityList />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
