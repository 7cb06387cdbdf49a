import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import Form from 'react-bootstrap/Form';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { PasswordField } from '../../components/PasswordInput';
import { SpinnerButton } from '../../components/SpinnerButton';
import { TextField } from '../../components/TextField';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { openExternal } from '../../app/browser';
import { useSession } from '../../app/session/SessionProvider';
import { sessionStore, isSignedIn } from '../../app/session/sessionStore';
import { INVALID_ENTRIES, LOGIN_MAX, isValid, validateLogin } from '../../app/validation';
import { LoginDocument, RetryCheckoutDocument } from '../../gql/graphql';
import { loginErrorText } from './loginErrors';
import { loginOutcome } from './loginOutcome';
import { registeredUser } from './registeredUser';

/**
 * After a failed payment the account already exists (its subscription waiting for payment), so the
 * way on is a new checkout for that account, never a second registration: signed in, one button;
 * otherwise sign in with the username and password just chosen, then straight to checkout.
 */
export function RetryCheckout() {
  const session = useSession();
  const signedIn = isSignedIn(session);
  const [userName, setUserName] = useState(registeredUser);
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [busy, setBusy] = useState(false);
  const [login] = useMutation(LoginDocument);
  const [retry] = useMutation(RetryCheckoutDocument);
  const valid = isValid(validateLogin({ userName, userPassword: password }));

  async function checkoutAgain() {
    try {
      const { data } = await retry();
      const url = data?.createCheckoutSession.checkoutUrl;
      if (!url) throw new Error('no checkout address');
      openExternal(url);
    } catch (error) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(error), 'Payment is not available right now. Try again later.'),
      });
      setBusy(false);
    }
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFeedback(null);
    if (!signedIn && !valid) {
      setFeedback({ variant: 'danger', text: INVALID_ENTRIES });
      return;
    }
    setBusy(true);
    if (!signedIn) {
      try {
        const { data } = await login({ variables: { userName: userName.trim(), userPassword: password } });
        if (!data) throw new Error('no session');
        const outcome = loginOutcome(data.login);
        if (outcome.kind !== 'signedIn') {
          // This short form has no second step: the login page has it.
          setFeedback({
            variant: 'danger',
            text:
              outcome.kind === 'twoFactor'
                ? 'Two-factor sign-in is on for this account: sign in on the Login page, then renew from Manage Account.'
                : 'Login Failed',
          });
          setBusy(false);
          return;
        }
        sessionStore.signIn(outcome.auth);
      } catch (error) {
        setFeedback({ variant: 'danger', text: loginErrorText(error) });
        setBusy(false);
        return;
      }
    }
    await checkoutAgain();
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Try the payment again" className="text-start">
      {!signedIn && (
        <>
          <p className="mb-3">
            Your account was created. Sign in with the username and password you chose to try the payment
            again.
          </p>
          <TextField
            label="User Name"
            value={userName}
            onChange={setUserName}
            valid={userName.trim().length > 0}
            showErrors={submitted}
            invalidText="Enter your username"
            maxLength={LOGIN_MAX}
            autoComplete="username"
            disabled={busy}
          />
          <PasswordField
            id="retry-password"
            label="Password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            maxLength={LOGIN_MAX}
            isInvalid={submitted && password.length === 0}
            error="Enter your password"
            disabled={busy}
          />
        </>
      )}
      <FormMessage feedback={feedback} />
      <div className="d-grid">
        <SpinnerButton type="submit" variant="primary" busy={busy} busyLabel="Opening checkout ...">
          Try the payment again
        </SpinnerButton>
      </div>
    </Form>
  );
}
