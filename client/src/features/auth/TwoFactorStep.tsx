import { useMutation } from '@apollo/client/react';
import { asRecoveryCode, asTotpCode } from '@truenet/core';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { SpinnerButton } from '../../components/SpinnerButton';
import { TextField } from '../../components/TextField';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { CompleteTwoFactorLoginDocument, type AuthFieldsFragment } from '../../gql/graphql';
import { PasskeySignInButton } from './PasskeySignInButton';

interface TwoFactorStepProps {
  /** The token of the password step (single use, 5 minutes). */
  token: string;
  onSignedIn: (auth: AuthFieldsFragment) => void;
  /** Back to the password step (the token timed out, or the person wants to start over). */
  onStartOver: () => void;
}

/**
 * The login screen's second step: the code from the authenticator app or, through 'Use a recovery
 * code', one of the ten saved codes. The field is filled by password managers and phones
 * (autocomplete one-time-code) and errors are announced where the person is looking.
 */
export function TwoFactorStep({ token, onSignedIn, onStartOver }: TwoFactorStepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [complete, { loading }] = useMutation(CompleteTwoFactorLoginDocument);
  const valid = (useRecovery ? asRecoveryCode(code) : asTotpCode(code)) !== null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setFeedback({
        variant: 'danger',
        text: useRecovery ? 'Enter one of your recovery codes, like ABCDE-23456' : 'Enter the 6-digit code',
      });
      return;
    }
    setFeedback(null);
    try {
      const { data } = await complete({ variables: { twoFactorToken: token, code: code.trim() } });
      if (data) onSignedIn(data.completeTwoFactorLogin);
    } catch (error) {
      setCode('');
      setFeedback({ variant: 'danger', text: serverMessageOr(describeFailure(error), 'Login Failed') });
    }
  };

  const switchKind = () => {
    setUseRecovery((current) => !current);
    setCode('');
    setFeedback(null);
  };

  return (
    <>
      <p className="mb-3">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for TrueNet.'}
      </p>
      <FormMessage feedback={feedback} />
      <Form noValidate onSubmit={onSubmit} aria-label="Two-factor sign-in">
        <TextField
          key={useRecovery ? 'recovery' : 'app'}
          id="login-second-factor"
          label={useRecovery ? 'Recovery code' : 'Code from your app'}
          value={code}
          onChange={setCode}
          maxLength={useRecovery ? 16 : 7}
          inputMode={useRecovery ? undefined : 'numeric'}
          autoComplete={useRecovery ? 'off' : 'one-time-code'}
          disabled={loading}
          autoFocus
          className="mb-3"
        />
        <div className="d-grid mb-3">
          <SpinnerButton
            type="submit"
            variant="primary"
            busy={loading}
            busyLabel="Verifying ..."
            disabled={!code.trim()}
          >
            Verify
          </SpinnerButton>
        </div>
      </Form>
      <div className="d-grid mb-3">
        <PasskeySignInButton
          onSignedIn={onSignedIn}
          onError={(text) => setFeedback({ variant: 'danger', text })}
        />
      </div>
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <Button variant="link" className="p-0" onClick={switchKind}>
          {useRecovery ? 'Use the code from my app' : 'Use a recovery code'}
        </Button>
        <Button variant="link" className="p-0" onClick={onStartOver}>
          Start over
        </Button>
      </div>
    </>
  );
}
