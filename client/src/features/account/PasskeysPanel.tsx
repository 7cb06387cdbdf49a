import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { PasswordField } from '../../components/PasswordInput';
import { SpinnerButton } from '../../components/SpinnerButton';
import { TextField } from '../../components/TextField';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import {
  BeginPasskeyRegistrationDocument,
  FinishPasskeyRegistrationDocument,
  PasskeysDocument,
  RemovePasskeyDocument,
  type PasskeysQuery,
} from '../../gql/graphql';
import {
  createPasskey,
  PasskeyCeremonyError,
  PASSKEYS_UNSUPPORTED,
  passkeysSupported,
} from '../auth/passkeyCeremony';
import { displayInstant } from './format';

type Passkey = PasskeysQuery['passkeys'][number];
const NAME_MAX = 60;

/** Passkeys on Manage Account: add several (named), list them with their last use, remove one. */
export function PasskeysPanel() {
  const { data, loading, error } = useQuery(PasskeysDocument);
  const [name, setName] = useState('My passkey');
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [begin] = useMutation(BeginPasskeyRegistrationDocument);
  const [finish] = useMutation(FinishPasskeyRegistrationDocument, { refetchQueries: ['Passkeys'] });
  const [remove, removeState] = useMutation(RemovePasskeyDocument, { refetchQueries: ['Passkeys'] });
  const supported = passkeysSupported();

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > NAME_MAX) {
      setFeedback({ variant: 'danger', text: `Give the passkey a name of 1 to ${NAME_MAX} characters` });
      return;
    }
    setFeedback(null);
    setBusy(true);
    try {
      const { data: begun } = await begin();
      if (!begun) throw new Error('no options');
      const { challengeId, optionsJson } = begun.beginPasskeyRegistration;
      const responseJson = await createPasskey(optionsJson);
      await finish({ variables: { challengeId, name: trimmed, responseJson } });
      setFeedback({ variant: 'success', text: `Passkey "${trimmed}" added` });
      setName('My passkey');
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text:
          failure instanceof PasskeyCeremonyError
            ? failure.message
            : serverMessageOr(describeFailure(failure), 'The passkey could not be added. Try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  const onRemove = async (event: FormEvent) => {
    event.preventDefault();
    if (!removing) return;
    if (!password) {
      setFeedback({ variant: 'danger', text: 'Enter your password to remove the passkey' });
      return;
    }
    try {
      await remove({ variables: { id: removing.id, password } });
      setFeedback({ variant: 'success', text: `Passkey "${removing.name}" removed` });
      setRemoving(null);
      setPassword('');
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'The passkey could not be removed.'),
      });
    }
  };

  const passkeys = data?.passkeys ?? [];
  return (
    <section aria-labelledby="passkeys-title" className="mt-4 pt-3 border-top">
      <h3 id="passkeys-title" className="h6 mb-1">
        Passkeys
      </h3>
      <p className="text-muted small">
        Sign in with your fingerprint, face or screen lock instead of your password and code. A passkey stays
        on your device; TrueNet keeps only its public key.
      </p>
      <FormMessage feedback={feedback} />
      {loading ? null : error ? (
        <p className="text-danger">Problem loading passkeys. Refresh page.</p>
      ) : passkeys.length === 0 ? (
        <p className="text-muted">You have no passkeys.</p>
      ) : (
        <ListGroup as="ul" aria-label="Your passkeys" className="mb-3">
          {passkeys.map((passkey) => (
            <ListGroup.Item
              as="li"
              key={passkey.id}
              className="d-flex flex-wrap justify-content-between align-items-center gap-2"
            >
              <div className="text-break">
                <div className="fw-semibold">{passkey.name}</div>
                <small className="text-muted d-block">
                  Added {displayInstant(passkey.createdAt)} · Last used:{' '}
                  {passkey.lastUsedAt ? displayInstant(passkey.lastUsedAt) : 'Never'}
                </small>
              </div>
              <Button
                variant="outline-danger"
                size="sm"
                aria-label={`Remove ${passkey.name}`}
                onClick={() => setRemoving(passkey)}
              >
                Remove
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {removing && (
        <Form noValidate onSubmit={onRemove} aria-label={`Remove passkey ${removing.name}`} className="mb-3">
          <PasswordField
            id="passkey-remove-password"
            label={`Password to remove "${removing.name}"`}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            disabled={removeState.loading}
            className="mb-2"
          />
          <div className="d-flex flex-wrap gap-2">
            <SpinnerButton type="submit" variant="danger" busy={removeState.loading} busyLabel="Removing ...">
              Remove passkey
            </SpinnerButton>
            <Button variant="outline-secondary" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
          </div>
        </Form>
      )}
      {supported ? (
        <Form noValidate onSubmit={onAdd} aria-label="Add a passkey">
          <div className="d-flex flex-wrap gap-2 align-items-end">
            <TextField
              id="passkey-name"
              label="Passkey name"
              value={name}
              onChange={setName}
              maxLength={NAME_MAX}
              disabled={busy}
              className="flex-grow-1 mb-0"
            />
            <SpinnerButton
              type="submit"
              variant="outline-primary"
              busy={busy}
              busyLabel="Waiting for your device ..."
            >
              Add a passkey
            </SpinnerButton>
          </div>
        </Form>
      ) : (
        <p className="text-muted small mb-0">{PASSKEYS_UNSUPPORTED}</p>
      )}
    </section>
  );
}
