import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { Honeypot } from '../../components/Honeypot';
import { PasswordField } from '../../components/PasswordInput';
import { SpinnerButton } from '../../components/SpinnerButton';
import { TextField } from '../../components/TextField';
import { openExternal } from '../../app/browser';
import { ROUTES } from '../../app/routing/paths';
import { rememberDestination } from '../../app/routing/destination';
import { invitationPath, rememberInvitation } from '../households/pendingInvitation';
import { rememberRegisteredUser } from './registeredUser';
import {
  EMAIL_MAX,
  INVALID_ENTRIES,
  LOGIN_MAX,
  MESSAGES,
  NAME_MAX,
  PASSWORDS_DIFFER,
  blockedFeedback,
  isValid,
  validateRegistration,
} from '../../app/validation';
import { RegisterDocument, RegistrationPlansDocument, type PlanCode } from '../../gql/graphql';
import { browserTimeZone } from '../../kit/dates';
import { PlanChoice } from './PlanChoice';
import { FALLBACK_PLANS, planFromLink } from './plans';
import { registerErrorText } from './registerErrors';

/** The zone the account starts in; none (the server's default) where the browser cannot tell. */
function accountTimeZone(): string | undefined {
  try {
    return browserTimeZone();
  } catch {
    return undefined;
  }
}

/** Plan choice and registration form (route createaccount). */
export function RegisterPage() {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [userName, setUserName] = useState('');
  const [searchParams] = useSearchParams();
  // Signing up from a household invitation: its address, no plan and no payment.
  const invitationToken = searchParams.get('invitation');
  const [email, setEmail] = useState(() => (invitationToken ? (searchParams.get('email') ?? '') : ''));
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [plan, setPlan] = useState<PlanCode>(() => planFromLink(searchParams.get('plan')));
  const [honeypot, setHoneypot] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const { data: plansData } = useQuery(RegistrationPlansDocument);
  const [register, { loading }] = useMutation(RegisterDocument);

  const plans = plansData?.plans.length ? plansData.plans : FALLBACK_PLANS;
  const errors = validateRegistration({
    firstName,
    lastName,
    userName,
    email,
    userPassword: password,
    verifyPassword: confirm,
    plan,
  });
  const checks = {
    firstName: !errors.firstName,
    lastName: !errors.lastName,
    userName: !errors.userName,
    email: !errors.email,
    password: !errors.userPassword,
    confirm: confirm.length > 0 && !errors.verifyPassword,
  };
  const valid = isValid(errors) && checks.confirm;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const blocked = blockedFeedback(honeypot, valid, INVALID_ENTRIES);
    setFeedback(blocked);
    if (blocked) return;
    try {
      const { data } = await register({
        variables: {
          input: {
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            userName: userName.trim(),
            email: email.trim(),
            userPassword: password,
            plan,
            timeZone: accountTimeZone(),
            ...(invitationToken ? { invitationToken } : {}),
          },
        },
      });
      if (invitationToken && data) {
        // No checkout: sign in, verify the e-mail, and the invitation page joins.
        rememberRegisteredUser(userName.trim());
        rememberInvitation(invitationToken);
        rememberDestination(invitationPath(invitationToken));
        void navigate(ROUTES.login);
        return;
      }
      if (!data?.register.checkoutUrl) {
        setFeedback({ variant: 'danger', text: 'Registration Failed.' });
        return;
      }
      rememberRegisteredUser(userName.trim());
      openExternal(data.register.checkoutUrl);
    } catch (error) {
      setFeedback({ variant: 'danger', text: registerErrorText(error) });
    }
  };

  return (
    <Card className="tn-medium shadow-sm">
      <Card.Body className="p-4">
        <Card.Title as="h1" className="h3 mb-1">
          Create your account
        </Card.Title>
        <p className="text-muted mb-4">
          {invitationToken
            ? 'You were invited to share a household: no payment is needed, its owner’s subscription covers it.'
            : 'Start with a 7 day free trial. You will enter your card on the payment provider’s secure page.'}
        </p>
        <Form noValidate onSubmit={onSubmit} aria-label="Create account">
          <Honeypot value={honeypot} onChange={setHoneypot} />
          {!invitationToken && (
            <PlanChoice plans={plans} value={plan} onChange={setPlan} disabled={loading} />
          )}
          <Row xs={1} sm={2}>
            <Col>
              <TextField
                label="First Name"
                value={firstName}
                onChange={setFirstName}
                valid={checks.firstName}
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
                valid={checks.lastName}
                showErrors={submitted}
                invalidText={MESSAGES.name}
                maxLength={NAME_MAX}
                autoComplete="family-name"
                disabled={loading}
              />
            </Col>
          </Row>
          <TextField
            label="User Name"
            value={userName}
            onChange={setUserName}
            valid={checks.userName}
            showErrors={submitted}
            hint={MESSAGES.username}
            maxLength={LOGIN_MAX}
            autoComplete="username"
            disabled={loading}
          />
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={setEmail}
            valid={checks.email}
            showErrors={submitted}
            invalidText={MESSAGES.email}
            maxLength={EMAIL_MAX}
            autoComplete="email"
            disabled={loading}
          />
          <PasswordField
            id="register-password"
            label="Password"
            hint={MESSAGES.password}
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            isInvalid={(submitted || password.length > 0) && !checks.password}
            disabled={loading}
          />
          <PasswordField
            id="register-confirm"
            label="Confirm Password"
            hint={MESSAGES.passwordMismatch}
            className="mb-4"
            value={confirm}
            onChange={setConfirm}
            autoComplete="new-password"
            isInvalid={(submitted || confirm.length > 0) && !checks.confirm}
            error={PASSWORDS_DIFFER}
            disabled={loading}
          />
          <FormMessage feedback={feedback} />
          <div className="d-grid">
            <SpinnerButton
              type="submit"
              variant="primary"
              size="lg"
              busy={loading}
              busyLabel="Creating account ..."
              disabled={!valid}
            >
              Sign Up
            </SpinnerButton>
          </div>
        </Form>
        <p className="text-center mt-3 mb-0">
          Already have an account? <Link to={ROUTES.loginhome}>Login</Link>
        </p>
      </Card.Body>
    </Card>
  );
}
