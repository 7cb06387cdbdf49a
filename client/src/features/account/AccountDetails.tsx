import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { SpinnerButton } from '../../components/SpinnerButton';
import { TextField } from '../../components/TextField';
import { sessionStore } from '../../app/session/sessionStore';
import {
  EMAIL_MAX,
  INVALID_ENTRIES,
  MESSAGES,
  NAME_MAX,
  isValid,
  validateAccountUpdate,
} from '../../app/validation';
import { UpdateAccountDocument, type ManageAccountQuery } from '../../gql/graphql';

type Me = ManageAccountQuery['me'];

/** View and edit first name, last name and e-mail: 'Account Updated' or 'Update user failed'. */
export function AccountDetails({ me }: { me: Me }) {
  const [editing, setEditing] = useState(false);
  const [firstName, setFirstName] = useState(me.firstName);
  const [lastName, setLastName] = useState(me.lastName);
  const [email, setEmail] = useState(me.email);
  const [submitted, setSubmitted] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [updateAccount, { loading }] = useMutation(UpdateAccountDocument);

  const errors = validateAccountUpdate({ firstName, lastName, email });
  const valid = isValid(errors);

  const startEditing = () => {
    setFirstName(me.firstName);
    setLastName(me.lastName);
    setEmail(me.email);
    setSubmitted(false);
    setFeedback(null);
    setEditing(true);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!valid) {
      setFeedback({ variant: 'danger', text: INVALID_ENTRIES });
      return;
    }
    setFeedback(null);
    try {
      const { data } = await updateAccount({
        variables: { input: { firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim() } },
      });
      if (!data) throw new Error('no data');
      const updated = data.updateAccount;
      sessionStore.updateAccount({
        firstName: updated.firstName,
        lastName: updated.lastName,
        email: updated.email,
        accountStatus: updated.accountStatus,
      });
      setEditing(false);
      setFeedback({ variant: 'success', text: 'Account Updated' });
    } catch {
      setFeedback({ variant: 'danger', text: 'Update user failed' });
    }
  };

  return (
    <Card as="section" aria-labelledby="account-details-title" className="mb-4 shadow-sm">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
          <Card.Title as="h2" id="account-details-title" className="h5 mb-0">
            Account details
          </Card.Title>
          {!editing && (
            <Button variant="outline-primary" size="sm" onClick={startEditing}>
              Edit
            </Button>
          )}
        </div>
        {editing ? (
          <Form noValidate onSubmit={onSubmit} aria-label="Edit account">
            <Row xs={1} sm={2}>
              <Col>
                <TextField
                  label="First Name"
                  value={firstName}
                  onChange={setFirstName}
                  valid={!errors.firstName}
                  showErrors={submitted}
                  invalidText={MESSAGES.name}
                  maxLength={NAME_MAX}
                  autoComplete="given-name"
                  disabled={loading}
                />
              </Col>
              <Col>
                <TextField
                  label="Last Name"
                  value={lastName}
                  onChange={setLastName}
                  valid={!errors.lastName}
                  showErrors={submitted}
                  invalidText={MESSAGES.name}
                  maxLength={NAME_MAX}
                  autoComplete="family-name"
                  disabled={loading}
                />
              </Col>
            </Row>
            <TextField
              label="Email"
              type="email"
              value={email}
              onChange={setEmail}
              valid={!errors.email}
              showErrors={submitted}
              invalidText={MESSAGES.email}
              maxLength={EMAIL_MAX}
              autoComplete="email"
              disabled={loading}
            />
            <FormMessage feedback={feedback} />
            <div className="d-flex flex-wrap gap-2">
              <SpinnerButton type="submit" busy={loading} busyLabel="Updating ..." disabled={!valid}>
                Save Changes
              </SpinnerButton>
              <Button variant="secondary" onClick={() => setEditing(false)} disabled={loading}>
                Cancel
              </Button>
            </div>
          </Form>
        ) : (
          <>
            <dl className="row mb-0">
              <dt className="col-sm-4">Username</dt>
              <dd className="col-sm-8">{me.userName}</dd>
              <dt className="col-sm-4">First Name</dt>
              <dd className="col-sm-8">{me.firstName}</dd>
              <dt className="col-sm-4">Last Name</dt>
              <dd className="col-sm-8">{me.lastName}</dd>
              <dt className="col-sm-4">Email</dt>
              <dd className="col-sm-8 text-break">{me.email}</dd>
            </dl>
            <FormMessage feedback={feedback} />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
