import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router-dom';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { Honeypot } from '../../components/Honeypot';
import { PasswordField } from '../../components/PasswordInput';
import { SpinnerButton } from '../../components/SpinnerButton';
import { TextField } from '../../components/TextField';
import { sessionStore } from '../../app/session/sessionStore';
import { destinationAfterSignIn } from '../../app/routing/destination';
import { ROUTES } from '../../app/routing/paths';
import { INVALID_ENTRIES, LOGIN_MAX, blockedFeedback, isValid, validateLogin } from '../../app/validation';
import { LoginDocument, type AuthFieldsFragment } from '../../gql/graphql';
import { loginOutcome } from './loginOutcome';
import { PasskeySignInButton } from './PasskeySignInButton';
import { TwoFactorStep } from './TwoFactorStep';
import { loginErrorText } from './loginErrors';

/** Login screen (the product specification): card 'Login to your account'. */
export function LoginPage() {
  const navigate = useNavigate();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [login, { loading }] = useMutation(LoginDocument);
  /** The token of a password step that needs a code (two-factor sign-in on). */
  const [challenge, setChallenge] = useState<string | null>(null);

  const signedIn = (auth: AuthFieldsFragment) => {
    sessionStore.signIn(auth);
    void navigate(destinationAfterSignIn(), { replace: true });
  };

  const trimmedUser = userName.trim();
  const valid = isValid(validateLogin({ userName, userPassword: password }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const blocked = blockedFeedback(honeypot, valid, INVALID_ENTRIES);
    setFeedback(blocked);
    if (blocked) return;
    try {
      const { data } = await login({ variables: { userName: trimmedUser, userPassword: password } });
      if (!data) {
        setFeedback({ variant: 'danger', text: 'Unable to login. Try again later' });
        return;
      }
      const outcome = loginOutcome(data.login);
      if (outcome.kind === 'twoFactor') {
        setPassword('');
        setChallenge(outcome.token);
      } else if (outcome.kind === 'signedIn') {
        signedIn(outcome.auth);
      } else {
        setFeedback({ variant: 'danger', text: 'Login Failed' });
      }
    } catch (error) {
      setFeedback({ variant: 'danger', text: loginErrorText(error) });
    }
  };

  if (challenge) {
    return (
      <Card className="tn-narrow shadow-sm">
        <Card.Body className="p-4">
          <Card.Title as="h1" className="h3 mb-3 text-center">
            Two-factor sign-in
          </Card.Title>
          <TwoFactorStep token={challenge} onSignedIn={signedIn} onStartOver={() => setChallenge(null)} />
        </Card.Body>
      </Card>
    );
  }

  return (
    <Card className="tn-narrow shadow-sm">
      <Card.Body className="p-4">
        <Card.Title as="h1" className="h3 mb-4 text-center">
          Login to your account
        </Card.Title>
        <FormMessage feedback={feedback} />
        <Form noValidate onSubmit={onSubmit} aria-label="Login">
          <Honeypot value={honeypot} onChange={setHoneypot} />
          <TextField
            id="login-username"
            label="Username"
            value={userName}
            onChange={setUserName}
            maxLength={LOGIN_MAX}
            autoComplete="username"
            disabled={loading}
            autoFocus
          />
          <PasswordField
            id="login-password"
            label="Password"
            className="mb-4"
            value={password}
            onChange={setPassword}
            maxLength={LOGIN_MAX}
            autoComplete="current-password"
            disabled={loading}
          />
          <div className="d-grid mb-3">
            <SpinnerButton
              type="submit"
              variant="primary"
              busy={loading}
              busyLabel="Logging in ..."
              disabled={!valid}
            >
              Login
            </SpinnerButton>
          </div>
        </Form>
        <div className="d-grid mb-3">
          <PasskeySignInButton
            onSignedIn={signedIn}
            onError={(text) => setFeedback({ variant: 'danger', text })}
          />
        </div>
        <p className="text-center mb-4">
          <Link to={ROUTES.resetpassword}>Forgot Password?</Link>
        </p>
        <hr />
        <p className="text-center mb-2">Don&apos;t have an account?</p>
        <div className="d-grid">
          <Link to={ROUTES.createaccount} className="btn btn-outline-primary">
            Create One
          </Link>
        </div>
      </Card.Body>
    </Card>
  );
}
