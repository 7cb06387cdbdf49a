import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { describeFailure, serverMessageOr } from '../../app/apollo/errors';
import { serviceWorkerRegistration } from '../../app/serviceWorker';
import { FormMessage, type Feedback } from '../../components/FormMessage';
import { SpinnerButton } from '../../components/SpinnerButton';
import {
  PushSetupDocument,
  RegisterPushDeviceDocument,
  RemovePushDeviceDocument,
  SendTestPushDocument,
} from '../../gql/graphql';
import { displayInstant } from './format';
import { browserOf, deviceName, keyBytes, pushSupport, type PushSupport } from './pushSupport';

const EXPLAINED: Record<Exclude<PushSupport, 'supported'>, string> = {
  unsupported: 'This browser cannot show notifications from TrueNet. Your reminders still come by e-mail.',
  'ios-needs-home-screen':
    'On an iPhone or iPad, first add TrueNet to your Home Screen: tap Share, then Add to Home Screen. Open TrueNet from there and turn notifications on.',
  denied:
    'Notifications are blocked for TrueNet in this browser. Allow them in the site settings (the lock beside the address), then turn them on here.',
};

/**
 * 'Notifications on this device' in Reminders (docs/product-rules.md §17): permission is asked only
 * on the click that turns them on; every state the browser can be in is said in words; the devices
 * that receive reminders are listed with 'Send a test' and 'Remove'.
 */
export function PushNotificationsPanel() {
  const { data } = useQuery(PushSetupDocument);
  const [register, registerState] = useMutation(RegisterPushDeviceDocument, {
    refetchQueries: [PushSetupDocument],
  });
  const [remove] = useMutation(RemovePushDeviceDocument, { refetchQueries: [PushSetupDocument] });
  const [sendTest] = useMutation(SendTestPushDocument, { refetchQueries: [PushSetupDocument] });
  const [support, setSupport] = useState<PushSupport>(() => pushSupport(browserOf(window)));
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [busyDevice, setBusyDevice] = useState<string | null>(null);
  const devices = data?.pushDevices ?? [];

  const turnOn = async () => {
    setFeedback(null);
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setSupport(permission === 'denied' ? 'denied' : 'supported');
      setFeedback({ variant: 'info', text: 'Notifications stay off: the browser did not allow them.' });
      return;
    }
    let subscription: PushSubscription;
    try {
      const registration = await serviceWorkerRegistration();
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(data?.pushPublicKey ?? ''),
      });
    } catch (error) {
      console.warn('The browser refused a push subscription', error);
      setFeedback({ variant: 'danger', text: 'This browser could not turn notifications on. Try again.' });
      return;
    }
    try {
      const json = subscription.toJSON();
      await register({
        variables: {
          input: {
            endpoint: subscription.endpoint,
            p256dh: json.keys?.p256dh ?? '',
            auth: json.keys?.auth ?? '',
            name: deviceName(navigator.userAgent),
          },
        },
      });
      setFeedback({
        variant: 'success',
        text: 'Notifications are on for this device. Send a test to see one.',
      });
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'TrueNet could not keep this device. Try again.'),
      });
    }
  };

  const act = async (id: string, action: 'test' | 'remove') => {
    setBusyDevice(id);
    setFeedback(null);
    try {
      if (action === 'remove') {
        await remove({ variables: { id } });
        setFeedback({ variant: 'success', text: 'The device will no longer receive notifications.' });
      } else {
        const result = await sendTest({ variables: { id } });
        setFeedback(
          result.data?.sendTestPush
            ? { variant: 'success', text: 'Test sent: it should appear on the device in a moment.' }
            : { variant: 'info', text: 'The device did not take the test now. Try again later.' },
        );
      }
    } catch (failure) {
      setFeedback({
        variant: 'danger',
        text: serverMessageOr(describeFailure(failure), 'Something went wrong. Try again.'),
      });
    } finally {
      setBusyDevice(null);
    }
  };

  return (
    <div className="border-top pt-3 mt-3">
      <h3 className="h6">Notifications on this device</h3>
      <p className="text-muted small mb-2">
        The same reminders as the e-mails, on your phone or computer. The browser asks you to allow them when
        you turn them on.
      </p>
      {support === 'supported' ? (
        <SpinnerButton
          variant="outline-primary"
          busy={registerState.loading}
          busyLabel="Turning on ..."
          disabled={!data?.pushPublicKey}
          onClick={() => void turnOn()}
        >
          Turn on notifications on this device
        </SpinnerButton>
      ) : (
        <Alert variant="info" className="py-2 small mb-0" role="note">
          {EXPLAINED[support]}
        </Alert>
      )}
      <div className="mt-2">
        <FormMessage feedback={feedback} />
      </div>
      {devices.length > 0 && (
        <ListGroup as="ul" aria-label="Devices that receive notifications" className="mt-2">
          {devices.map((device) => (
            <ListGroup.Item
              as="li"
              key={device.id}
              className="d-flex flex-wrap justify-content-between align-items-center gap-2"
            >
              <span>
                {device.name}
                <small className="text-muted d-block">
                  Added {displayInstant(device.createdAt)}
                  {device.lastSuccessAt ? ` · last notified ${displayInstant(device.lastSuccessAt)}` : ''}
                </small>
              </span>
              <span className="d-flex gap-2">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={busyDevice !== null}
                  onClick={() => void act(device.id, 'test')}
                  aria-label={`Send a test to ${device.name}`}
                >
                  Send a test
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={busyDevice !== null}
                  onClick={() => void act(device.id, 'remove')}
                  aria-label={`Remove ${device.name}`}
                >
                  Remove
                </Button>
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}
