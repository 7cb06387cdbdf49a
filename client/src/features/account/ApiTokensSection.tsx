import { useState, type FormEvent } from 'react';
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
import { INVALID_ENTRIES } from '../../app/validation';
import {
  ApiTokensDocument,
  CreateApiTokenDocument,
  RevokeApiTokenDocument,
  type ApiTokenScope,
  type ApiTokensQuery,
} from '../../gql/graphql';
import { displayInstant } from './format';

type Token = ApiTokensQuery['apiTokens'][number];

const TOKEN_NAME_MAX = 100;
const SCOPE_LABELS: Record<ApiTokenScope, string> = { READ: 'Read only', READ_WRITE: 'Read and write' };

/** Personal API tokens: create (the secret is shown once), list with last use, revoke. */
export function ApiTokensSection() {
  const { data, loading, error } = useQuery(ApiTokensDocument);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('READ');
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [revoking, setRevoking] = useState<Token | null>(null);
  const [createToken, { loading: creating }] = useMutation(CreateApiTokenDocument, {
    refetchQueries: ['ApiTokens'],
  });
  const [revokeToken, { loading: revokingBusy }] = useMutation(RevokeApiTokenDocument, {
    refetchQueries: ['ApiTokens'],
  });
  const nameValid = name.trim().length > 0 && name.trim().length <= TOKEN_NAME_MAX;

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    if (!nameValid) {
      setFeedback({ variant: 'danger', text: INVALID_ENTRIES });
      return;
    }
    setFeedback(null);
    setCopied(false);
    try {
      const result = await createToken({ variables: { name: name.trim(), scope } });
      setSecret(result.data?.createApiToken.secret ?? null);
      setName('');
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'Unable to create token'),
      });
    }
  };

  const onCopy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setFeedback({ variant: 'info', text: 'Copy failed: select the token and copy it by hand.' });
    }
  };

  const onConfirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revokeToken({ variables: { id: revoking.id } });
      setFeedback({ variant: 'success', text: `Token "${revoking.name}" revoked` });
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'Unable to revoke token'),
      });
    } finally {
      setRevoking(null);
    }
  };

  const tokens = data?.apiTokens ?? [];

  return (
    <Card as="section" aria-labelledby="api-tokens-title" className="mb-4 shadow-sm">
      <Card.Body>
        <Card.Title as="h2" id="api-tokens-title" className="h5 mb-1">
          API tokens
        </Card.Title>
        <p className="text-muted small">
          Scripts can call the TrueNet API with <code>Authorization: Bearer &lt;token&gt;</code>. Read-only
          tokens cannot change anything.
        </p>
        {secret && (
          <Alert variant="warning">
            <p className="mb-2">Copy your new token now: it will not be shown again.</p>
            <InputGroup>
              <Form.Control readOnly value={secret} aria-label="New API token" className="tn-secret" />
              <Button variant="outline-dark" onClick={onCopy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </InputGroup>
          </Alert>
        )}
        <Form noValidate onSubmit={onCreate} className="mb-3" aria-label="Create API token">
          <div className="d-flex flex-wrap gap-2 align-items-end">
            <Form.Group controlId="token-name" className="flex-grow-1">
              <Form.Label>Token name</Form.Label>
              <Form.Control
                value={name}
                maxLength={TOKEN_NAME_MAX}
                onChange={(event) => setName(event.target.value)}
                disabled={creating}
                placeholder="e.g. Spreadsheet export"
              />
            </Form.Group>
            <Form.Group controlId="token-scope">
              <Form.Label>Access</Form.Label>
              <Form.Select
                value={scope}
                onChange={(event) => setScope(event.target.value as ApiTokenScope)}
                disabled={creating}
              >
                <option value="READ">{SCOPE_LABELS.READ}</option>
                <option value="READ_WRITE">{SCOPE_LABELS.READ_WRITE}</option>
              </Form.Select>
            </Form.Group>
            <SpinnerButton type="submit" busy={creating} busyLabel="Creating ..." disabled={!nameValid}>
              Create token
            </SpinnerButton>
          </div>
        </Form>
        <FormMessage feedback={feedback} />
        {loading ? (
          <PageSpinner label="Loading tokens ..." />
        ) : error ? (
          <p className="text-danger">Problem loading tokens. Refresh page.</p>
        ) : tokens.length === 0 ? (
          <p className="text-muted mb-0">You have no API tokens.</p>
        ) : (
          <ListGroup as="ul" aria-label="Your API tokens">
            {tokens.map((token) => (
              <ListGroup.Item
                as="li"
                key={token.id}
                className="d-flex flex-wrap justify-content-between align-items-center gap-2"
              >
                <div className="text-break">
                  <div className="fw-semibold">{token.name}</div>
                  <small className="text-muted d-block">
                    {SCOPE_LABELS[token.scope]} · created {displayInstant(token.createdAt)}
                  </small>
                  <small className="text-muted d-block">
                    Last used: {token.lastUsedAt ? displayInstant(token.lastUsedAt) : 'Never'}
                  </small>
                </div>
                <Button
                  variant="outline-danger"
                  size="sm"
                  onClick={() => setRevoking(token)}
                  aria-label={`Revoke ${token.name}`}
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
        title="Revoke token"
        message={`Scripts using "${revoking?.name ?? ''}" will stop working. Revoke it?`}
        onCancel={() => setRevoking(null)}
        onConfirm={onConfirmRevoke}
        busy={revokingBusy}
      />
    </Card>
  );
}
