import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import { DevMailboxNote } from '../../components/DevMailboxNote';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { Honeypot } from '../../components/Honeypot';
import { SpinnerButton } from '../../components/SpinnerButton';
import { TextField } from '../../components/TextField';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { ROUTES } from '../../app/routing/paths';
import {
  EMAIL_MAX,
  INVALID_EMAIL,
  blockedFeedback,
  isValid,
  validateResetRequest,
} from '../../app/validation';
import { RequestPasswordResetDocument } from '../../gql/graphql';

/** Shown on every successful request, whether or not an account matches. */
export const RESET_SENT_TEXT =
  'If an account matches that e-mail address, a temporary password will be sent to it. It is valid for 60 minutes.';

/** Request a temporary password by e-mail (route resetpassword). */
export function ResetPasswordPage() {
  const [email, setEmail] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [requestReset, { loading }] = useMutation(RequestPasswordResetDocument);
  const valid = isValid(validateResetRequest({ email }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const blocked = blockedFeedback(honeypot, valid, INVALID_EMAIL);
    setFeedback(blocked);
    if (blocked) return;
    try {
      await requestReset({ variables: { email: email.trim() } });
      setFeedback({ variant: 'success', text: RESET_SENT_TEXT });
    } catch (error) {
      setFeedback({ variant: 'danger', text: serverMessageOr(describeFailure(error), 'No Server Response') });
    }
  };

  return (
    <Card className="tn-narrow shadow-sm">
      <Card.Body className="p-4">
        <Card.Title as="h1" className="h3 mb-1">
          Reset Password
        </Card.Title>
        <p className="text-muted mb-4">
          Enter the e-mail address of your account and we will send you a temporary password.
        </p>
        <DevMailboxNote what="the temporary password" />
        <Form noValidate onSubmit={onSubmit} aria-label="Reset password">
          <Honeypot value={honeypot} onChange={setHoneypot} />
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={setEmail}
            valid={valid}
            showErrors={submitted}
            invalidText={INVALID_EMAIL}
            maxLength={EMAIL_MAX}
            autoComplete="email"
            disabled={loading}
          />
          <FormMessage feedback={feedback} />
          <div className="d-grid">
            <SpinnerButton
              type="submit"
              variant="primary"
              busy={loading}
              busyLabel="Sending ..."
              disabled={!valid}
            >
              Send Temporary Password
            </SpinnerButton>
          </div>
        </Form>
        <p className="text-center mt-3 mb-0">
          <Link to={ROUTES.loginhome}>Back to Login</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
