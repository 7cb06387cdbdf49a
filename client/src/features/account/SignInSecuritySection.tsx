import { useMutation } from '@apollo/client/react';
import { asTotpCode } from '@truenet/core';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { PasswordField } from '../../components/PasswordInput';
import { SpinnerButton } from '../../components/SpinnerButton';
import { TextField } from '../../components/TextField';
import { PasskeysPanel } from './PasskeysPanel';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { saveFile } from '../../app/browser';
import {
  BeginTotpEnrollmentDocument,
  ConfirmTotpEnrollmentDocument,
  DisableTwoFactorDocument,
  type BeginTotpEnrollmentMutation,
} from '../../gql/graphql';

type Enrollment = BeginTotpEnrollmentMutation['beginTotpEnrollment'];

interface SignInSecuritySectionProps {
  twoFactorEnabled: boolean;
  recoveryCodesLeft: number;
}

/** The secret in groups of four, as people copy it into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** The recovery codes as a text file to keep. */
function downloadCodes(codes: readonly string[]) {
  const text = [
    'TrueNet recovery codes',
    'Each code signs in once when your phone is not at hand.',
    '',
    ...codes,
    '',
  ].join('\n');
  saveFile('truenet-recovery-codes.txt', text, 'text/plain');
}

/**
 * 'Sign-in security' on Manage Account: two-factor sign-in with an authenticator app (set up with a
 * QR code or the secret, confirmed by a first code, ten recovery codes shown once; turned off with
 * the password and a code), and passkeys (PasskeysPanel).
 */
export function SignInSecuritySection({ twoFactorEnabled, recoveryCodesLeft }: SignInSecuritySectionProps) {
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [turningOff, setTurningOff] = useState(false);
  const [copied, setCopied] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [begin, beginState] = useMutation(BeginTotpEnrollmentDocument);
  const [confirm, confirmState] = useMutation(ConfirmTotpEnrollmentDocument, {
    refetchQueries: ['ManageAccount'],
  });
  const [disable, disableState] = useMutation(DisableTwoFactorDocument);

  const fail = (error: unknown, fallback: string) =>
    setFeedback({ variant: 'danger', text: serverMessageOr(describeFailure(error), fallback) });

  const onBegin = async () => {
    setFeedback(null);
    setCode('');
    try {
      const { data } = await begin();
      if (data) setEnrollment(data.beginTotpEnrollment);
    } catch (error) {
      fail(error, 'Two-factor sign-in cannot be set up right now. Try again later.');
    }
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    const appCode = asTotpCode(code);
    if (!appCode) {
      setFeedback({ variant: 'danger', text: 'Enter the 6-digit code your app shows' });
      return;
    }
    setFeedback(null);
    try {
      const { data } = await confirm({ variables: { code: appCode } });
      if (data) {
        setRecoveryCodes(data.confirmTotpEnrollment.recoveryCodes);
        setEnrollment(null);
        setCode('');
      }
    } catch (error) {
      setCode('');
      fail(error, 'The code could not be checked. Try again.');
    }
  };

  const onDisable = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || !code.trim()) {
      setFeedback({
        variant: 'danger',
        text: 'Enter your password and a code from your app (or a recovery code)',
      });
      return;
    }
    setFeedback(null);
    try {
      await disable({ variables: { password, code: code.trim() } });
      setTurningOff(false);
      setPassword('');
      setCode('');
      setFeedback({ variant: 'success', text: 'Two-factor sign-in is off' });
    } catch (error) {
      fail(error, 'Two-factor sign-in could not be turned off. Try again.');
    }
  };

  const onCopyCodes = async () => {
    if (!recoveryCodes) return;
    try {
      await navigator.clipboard.writeText(recoveryCodes.join('\n'));
      setCopied(true);
    } catch {
      setFeedback({ variant: 'info', text: 'Copy failed: select the codes and copy them by hand.' });
    }
  };

  return (
    <Card as="section" aria-labelledby="sign-in-security-title" className="mb-4 shadow-sm">
      <Card.Body>
        <Card.Title as="h2" id="sign-in-security-title" className="h5 mb-1">
          Sign-in security
        </Card.Title>
        <p className="text-muted small">
          Two-factor sign-in asks for a code from an authenticator app on your phone after your password, so a
          stolen password alone cannot open your account.
        </p>
        <FormMessage feedback={feedback} />

        {recoveryCodes ? (
          <Alert variant="warning" className="mb-0">
            <h3 className="h6">Two-factor sign-in is on. Save your recovery codes now</h3>
            <p className="small mb-2">
              Each code signs in once if your phone is lost or not at hand. They will not be shown again.
            </p>
            <ol className="tn-recovery-codes font-monospace mb-3" aria-label="Recovery codes">
              {recoveryCodes.map((recoveryCode) => (
                <li key={recoveryCode}>{recoveryCode}</li>
              ))}
            </ol>
            <div className="d-flex flex-wrap gap-2">
              <Button variant="outline-dark" onClick={() => void onCopyCodes()}>
                {copied ? 'Copied' : 'Copy codes'}
              </Button>
              <Button variant="outline-dark" onClick={() => downloadCodes(recoveryCodes)}>
                Download codes
              </Button>
              <Button variant="primary" onClick={() => setRecoveryCodes(null)}>
                I have saved my codes
              </Button>
            </div>
          </Alert>
        ) : enrollment ? (
          <Form noValidate onSubmit={onConfirm} aria-label="Set up two-factor sign-in">
            <ol className="ps-3">
              <li className="mb-2">Open an authenticator app (Google Authenticator, 1Password, Authy, …).</li>
              <li className="mb-2">
                Scan this QR code, or enter the key by hand:
                <div className="d-flex flex-wrap align-items-center gap-3 mt-2">
                  <img
                    className="tn-qr"
                    src={`data:image/svg+xml;utf8,${encodeURIComponent(enrollment.qrCodeSvg)}`}
                    alt="QR code to add TrueNet to your authenticator app"
                    width={168}
                    height={168}
                  />
                  <code className="tn-secret fs-6" aria-label="Setup key">
                    {grouped(enrollment.secret)}
                  </code>
                </div>
              </li>
              <li>Enter the 6-digit code the app shows for TrueNet.</li>
            </ol>
            <TextField
              id="totp-confirm-code"
              label="Code from your app"
              value={code}
              onChange={setCode}
              inputMode="numeric"
              maxLength={7}
              autoComplete="one-time-code"
              disabled={confirmState.loading}
              className="mb-3"
            />
            <div className="d-flex flex-wrap gap-2">
              <SpinnerButton type="submit" busy={confirmState.loading} busyLabel="Checking ...">
                Turn on
              </SpinnerButton>
              <Button
                variant="outline-secondary"
                onClick={() => setEnrollment(null)}
                disabled={confirmState.loading}
              >
                Cancel
              </Button>
            </div>
          </Form>
        ) : twoFactorEnabled ? (
          <>
            <p className="mb-2">
              <span className="badge text-bg-success me-2">On</span>
              Two-factor sign-in is on.{' '}
              {recoveryCodesLeft === 1
                ? '1 recovery code left.'
                : `${recoveryCodesLeft} recovery codes left.`}
            </p>
            {turningOff ? (
              <Form noValidate onSubmit={onDisable} aria-label="Turn off two-factor sign-in">
                <PasswordField
                  id="two-factor-off-password"
                  label="Password"
                  value={password}
                  onChange={setPassword}
                  autoComplete="current-password"
                  disabled={disableState.loading}
                  className="mb-3"
                />
                <TextField
                  id="two-factor-off-code"
                  label="Code from your app or a recovery code"
                  value={code}
                  onChange={setCode}
                  maxLength={16}
                  autoComplete="one-time-code"
                  disabled={disableState.loading}
                  className="mb-3"
                />
                <div className="d-flex flex-wrap gap-2">
                  <SpinnerButton
                    type="submit"
                    variant="danger"
                    busy={disableState.loading}
                    busyLabel="Turning off ..."
                  >
                    Turn off two-factor sign-in
                  </SpinnerButton>
                  <Button variant="outline-secondary" onClick={() => setTurningOff(false)}>
                    Cancel
                  </Button>
                </div>
              </Form>
            ) : (
              <Button variant="outline-danger" onClick={() => setTurningOff(true)}>
                Turn off
              </Button>
            )}
          </>
        ) : (
          <>
            <p className="mb-2">
              <span className="badge text-bg-secondary me-2">Off</span>
              Two-factor sign-in is off.
            </p>
            <SpinnerButton
              variant="primary"
              busy={beginState.loading}
              busyLabel="Starting ..."
              onClick={() => void onBegin()}
            >
              Set up two-factor sign-in
            </SpinnerButton>
          </>
        )}
        <PasskeysPanel />
      </Card.Body>
    </Card>
  );
}
