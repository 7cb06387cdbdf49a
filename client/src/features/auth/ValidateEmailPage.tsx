import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router-dom';
import { DevMailboxNote } from '../../components/DevMailboxNote';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { Honeypot } from '../../components/Honeypot';
import { SpinnerButton } from '../../components/SpinnerButton';
import { TextField } from '../../components/TextField';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { ROUTES } from '../../app/routing/paths';
import { invitationPath, pendingInvitation } from '../households/pendingInvitation';
import { useSession } from '../../app/session/SessionProvider';
import { sessionStore } from '../../app/session/sessionStore';
import {
  INVALID_ENTRIES,
  INVALID_FORM,
  MESSAGES,
  isValid,
  validateVerificationCode,
} from '../../app/validation';
import { ResendVerificationCodeDocument, VerifyEmailDocument } from '../../gql/graphql';

/** Enter the e-mail verification code (route validateemail); status 999+ accounts are sent here. */
export function ValidateEmailPage() {
  const { account } = useSession();
  const [code, setCode] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [verified, setVerified] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [verifyEmail, { loading: verifying }] = useMutation(VerifyEmailDocument);
  const [resend, { loading: resending }] = useMutation(ResendVerificationCodeDocument);
  const busy = verifying || resending;
  const trimmed = code.trim();
  const codeValid = isValid(validateVerificationCode({ code }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (honeypot || !trimmed) {
      setFeedback({ variant: 'danger', text: INVALID_FORM });
      return;
    }
    if (!codeValid) {
      setFeedback({ variant: 'danger', text: INVALID_ENTRIES });
      return;
    }
    setFeedback(null);
    try {
      const { data } = await verifyEmail({ variables: { code: trimmed } });
      if (!data || data.verifyEmail.accountStatus !== 1) {
        setFeedback({ variant: 'danger', text: 'Unable to verify email' });
        return;
      }
      sessionStore.updateAccount({ accountStatus: data.verifyEmail.accountStatus });
      setVerified(true);
      setCode('');
      setFeedback({ variant: 'success', text: 'Email verified' });
    } catch (error) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(error), 'Unable to verify email'),
      });
    }
  };

  const onResend = async () => {
    setFeedback(null);
    try {
      await resend();
      setFeedback({ variant: 'info', text: 'Verification code resent.' });
    } catch (error) {
      setFeedback({ variant: 'danger', text: serverMessageOr(describeFailure(error), 'No Server Response') });
    }
  };

  return (
    <Card className="tn-narrow shadow-sm">
      <Card.Body className="p-4">
        <Card.Title as="h1" className="h3 mb-1">
          Verify your e-mail
        </Card.Title>
        <p className="text-muted mb-4">
          We sent a 6-digit code to{' '}
          {account?.email ? <strong>{account.email}</strong> : 'your e-mail address'}. It is valid for 30
          minutes.
        </p>
        <DevMailboxNote what="the code" />
        <FormMessage feedback={feedback} />
        {verified && pendingInvitation() ? (
          <Link to={invitationPath(pendingInvitation() ?? '')} className="btn btn-primary">
            Continue to the invitation
          </Link>
        ) : verified ? (
          <Link to={ROUTES.userhome} className="btn btn-primary">
            Go to the dashboard
          </Link>
        ) : (
          <Form noValidate onSubmit={onSubmit} aria-label="Verify e-mail">
            <Honeypot value={honeypot} onChange={setHoneypot} />
            <TextField
              id="verify-code"
              label="Verification Code"
              hint={MESSAGES.verificationCode}
              value={code}
              onChange={setCode}
              inputMode="numeric"
              maxLength={12}
              autoComplete="one-time-code"
              disabled={busy}
            />
            <div className="d-flex flex-wrap gap-2">
              <SpinnerButton
                type="submit"
                variant="primary"
                busy={verifying}
                busyLabel="Verifying ..."
                disabled={!codeValid || resending}
              >
                Verify Email
              </SpinnerButton>
              <Button variant="outline-secondary" onClick={onResend} disabled={busy}>
                {resending ? (
                  <>
                    <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
                    Sending ...
                  </>
                ) : (
                  'Resend Code'
                )}
              </Button>
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
