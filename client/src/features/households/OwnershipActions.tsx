import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { ConfirmModal } from '../../components/ConfirmModal';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { PasswordField } from '../../components/PasswordInput';
import { SpinnerButton } from '../../components/SpinnerButton';
import {
  LeaveHouseholdDocument,
  TransferOwnershipDocument,
  type HouseholdViewFragment,
} from '../../gql/graphql';

/** The owner hands the household to another member, confirming with their password. */
export function TransferOwnership({
  members,
  onDone,
}: {
  members: HouseholdViewFragment['members'];
  onDone: (householdId: string) => Promise<void>;
}) {
  const [memberId, setMemberId] = useState(members[0]?.id ?? '');
  const [password, setPassword] = useState('');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [transfer, { loading }] = useMutation(TransferOwnershipDocument);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFeedback(null);
    try {
      const { data } = await transfer({ variables: { memberId, password } });
      setPassword('');
      if (data) await onDone(data.transferOwnership.id);
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'Could not transfer it'),
      });
    }
  };

  return (
    <details className="mb-3">
      <summary className="fw-semibold">Transfer ownership</summary>
      <Form onSubmit={(event) => void onSubmit(event)} aria-label="Transfer ownership" className="mt-2">
        <p className="text-muted small">
          The new owner manages members and billing, and their subscription then covers the household: without
          one, its data is read-only until they subscribe. You stay as an editor.
        </p>
        <Form.Label htmlFor="transfer-member">New owner</Form.Label>
        <Form.Select
          id="transfer-member"
          value={memberId}
          onChange={(event) => setMemberId(event.target.value)}
          className="mb-2"
        >
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.firstName} {member.lastName}
            </option>
          ))}
        </Form.Select>
        <PasswordField
          id="transfer-password"
          label="Your password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <FormMessage feedback={feedback} />
        <SpinnerButton
          type="submit"
          variant="outline-danger"
          busy={loading}
          busyLabel="Transferring ..."
          disabled={!memberId || password === ''}
        >
          Transfer
        </SpinnerButton>
      </Form>
    </details>
  );
}

/** A member leaves the household they are in; their own household becomes current. */
export function LeaveHousehold({
  name,
  onDone,
}: {
  name: string;
  onDone: (householdId: string) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [leave, { loading }] = useMutation(LeaveHouseholdDocument);

  const onLeave = async () => {
    setFailed(null);
    try {
      const { data } = await leave();
      setConfirming(false);
      if (data) await onDone(data.leaveHousehold.id);
    } catch (failure) {
      setConfirming(false);
      setFailed(serverMessageOr(describeFailure(failure), 'Could not leave it'));
    }
  };

  return (
    <div className="mb-3">
      {failed && <p className="text-danger small">{failed}</p>}
      <Button variant="outline-danger" size="sm" onClick={() => setConfirming(true)}>
        Leave this household
      </Button>
      <ConfirmModal
        show={confirming}
        title="Leave household"
        message={`Leave ${name}? You will no longer see its money. What you entered stays, credited to you.`}
        confirmLabel="Leave"
        busy={loading}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onLeave()}
      />
    </div>
  );
}
