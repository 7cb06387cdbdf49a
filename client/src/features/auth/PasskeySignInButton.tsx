import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { SpinnerButton } from '../../components/SpinnerButton';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import {
  BeginPasskeySignInDocument,
  FinishPasskeySignInDocument,
  type AuthFieldsFragment,
} from '../../gql/graphql';
import { PasskeyCeremonyError, passkeysSupported, signWithPasskey } from './passkeyCeremony';

interface PasskeySignInButtonProps {
  onSignedIn: (auth: AuthFieldsFragment) => void;
  onError: (message: string) => void;
}

/** 'Sign in with a passkey': instead of the password and the code. Hidden where passkeys cannot work. */
export function PasskeySignInButton({ onSignedIn, onError }: PasskeySignInButtonProps) {
  const [busy, setBusy] = useState(false);
  const [begin] = useMutation(BeginPasskeySignInDocument);
  const [finish] = useMutation(FinishPasskeySignInDocument);
  if (!passkeysSupported()) return null;

  async function signIn() {
    setBusy(true);
    try {
      const { data } = await begin();
      if (!data) throw new Error('no options');
      const { challengeId, optionsJson } = data.beginPasskeySignIn;
      const responseJson = await signWithPasskey(optionsJson);
      const finished = await finish({ variables: { challengeId, responseJson } });
      if (finished.data) onSignedIn(finished.data.finishPasskeySignIn);
    } catch (error) {
      onError(
        error instanceof PasskeyCeremonyError
          ? error.message
          : serverMessageOr(describeFailure(error), 'Login Failed'),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <SpinnerButton
      variant="outline-primary"
      busy={busy}
      busyLabel="Waiting for your passkey ..."
      onClick={() => void signIn()}
    >
      Sign in with a passkey
    </SpinnerButton>
  );
}
