import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { Honeypot } from '../../components/Honeypot';
import { PasswordField } from '../../components/PasswordInput';
import { SpinnerButton } from '../../components/SpinnerButton';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { ROUTES } from '../../app/routing/paths';
import { useSession } from '../../app/session/SessionProvider';
import { sessionStore } from '../../app/session/sessionStore';
import {
  INVALID_ENTRIES,
  MESSAGES,
  PASSWORD_INPUT_MAX,
  PASSWORDS_DIFFER,
  blockedFeedback,
  isValid,
  validateChangePassword,
} from '../../app/validation';
import { ChangePasswordDocument } from '../../gql/graphql';

/** Change password (route changepassword); status 3 accounts are sent here first. */
export function ChangePasswordPage() {
  const { account } = useSession();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [verify, setVerify] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [changePassword, { loading }] = useMutation(ChangePasswordDocument);

  const errors = validateChangePassword({ oldPW: oldPassword, newPW: newPassword, verifyPW: verify });
  const verifyOk = verify.length > 0 && !errors.verifyPW;
  const valid = isValid(errors) && verifyOk;
  const showNewInvalid = (submitted || newPassword.length > 0) && Boolean(errors.newPW);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const blocked = blockedFeedback(honeypot, valid, INVALID_ENTRIES);
    setFeedback(blocked);
    if (blocked) return;
    try {
      const { data } = await changePassword({ variables: { oldPassword, newPassword } });
      if (!data) {
        setFeedback({ variant: 'danger', text: 'Unable to change password' });
        return;
      }
      sessionStore.signIn(data.changePassword);
      setOldPassword('');
      setNewPassword('');
      setVerify('');
      setSubmitted(false);
      setDone(true);
      setFeedback({ variant: 'success', text: 'Password successfully changed' });
    } catch (error) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(error), 'Unable to change password'),
      });
    }
  };

  return (
    <Card className="tn-narrow shadow-sm">
      <Card.Body className="p-4">
        <Card.Title as="h1" className="h3 mb-1">
          Change Password
        </Card.Title>
        {account?.accountStatus === 3 && !done && (
          <p className="text-muted">
            You signed in with a temporary password. Choose a new password to continue.
          </p>
        )}
        <Form noValidate onSubmit={onSubmit} aria-label="Change password" className="mt-3">
          <Honeypot value={honeypot} onChange={setHoneypot} />
          <PasswordField
            id="cp-old"
            label="Old Password"
            value={oldPassword}
            onChange={setOldPassword}
            autoComplete="current-password"
            maxLength={PASSWORD_INPUT_MAX}
            isInvalid={submitted && Boolean(errors.oldPW)}
            disabled={loading}
          />
          <PasswordField
            id="cp-new"
            label="New Password"
            hint={<>{MESSAGES.password}. It must differ from the old password.</>}
            value={newPassword}
            onChange={setNewPassword}
            autoComplete="new-password"
            isInvalid={showNewInvalid}
            disabled={loading}
          />
          <PasswordField
            id="cp-verify"
            label="Verify New Password"
            hint={MESSAGES.passwordMismatch}
            className="mb-4"
            value={verify}
            onChange={setVerify}
            autoComplete="new-password"
            isInvalid={(submitted || verify.length > 0) && !verifyOk}
            error={PASSWORDS_DIFFER}
            disabled={loading}
          />
          <FormMessage feedback={feedback} />
          <div className="d-grid">
            <SpinnerButton
              type="submit"
              variant="primary"
              busy={loading}
              busyLabel="Changing ..."
              disabled={!valid}
            >
              Change Password
            </SpinnerButton>
          </div>
        </Form>
        {done && (
          <p className="text-center mt-3 mb-0">
            <Link to={ROUTES.userhome}>Go to the dashboard</Link>
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
