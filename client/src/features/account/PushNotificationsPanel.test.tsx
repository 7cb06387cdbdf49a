import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApollo } from '../../kit/testing';
import { PushNotificationsPanel } from './PushNotificationsPanel';
import { deviceName, keyBytes, pushSupport } from './pushSupport';

const device = {
  id: 'd1',
  name: 'Chrome on Android',
  createdAt: '2026-11-20T15:00:00Z',
  lastSuccessAt: null,
};

describe('Notifications on this device', () => {
  it('explains a browser that cannot show them, and lists the devices with a test and removal', async () => {
    const tests: string[] = [];
    renderWithApollo(<PushNotificationsPanel />, {
      pushPublicKey: () => 'BKey',
      pushDevices: () => [device],
      sendTestPush: ({ id }) => {
        tests.push(id);
        return true;
      },
    });
    // jsdom has no Push API.
    expect(
      await screen.findByText(/This browser cannot show notifications from TrueNet/),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Send a test to Chrome on Android' }));
    expect(
      await screen.findByText('Test sent: it should appear on the device in a moment.'),
    ).toBeInTheDocument();
    expect(tests).toEqual(['d1']);
  });

  it('tells every state apart', () => {
    const navigatorOf = (userAgent: string, worker = true) =>
      ({ userAgent, ...(worker ? { serviceWorker: {} } : {}) }) as unknown as Navigator;
    const chrome = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1';
    const base = {
      hasPushManager: true,
      notificationPermission: 'default' as NotificationPermission,
      standaloneDisplay: false,
    };
    expect(pushSupport({ ...base, navigator: navigatorOf(chrome) })).toBe('supported');
    expect(pushSupport({ ...base, navigator: navigatorOf(chrome), notificationPermission: 'denied' })).toBe(
      'denied',
    );
    expect(pushSupport({ ...base, navigator: navigatorOf(iphone) })).toBe('ios-needs-home-screen');
    expect(pushSupport({ ...base, navigator: navigatorOf(iphone), standaloneDisplay: true })).toBe(
      'supported',
    );
    expect(pushSupport({ ...base, navigator: navigatorOf(chrome, false) })).toBe('unsupported');
    expect(deviceName(chrome)).toBe('Chrome on Android');
    expect(deviceName(iphone)).toBe('Safari on iPhone');
    expect(Array.from(keyBytes('AQID'))).toEqual([1, 2, 3]);
  });
});
