import { pushHandlers } from '../../../public/push-handler.js';

/** The service worker's push and notificationclick handlers (public/push-handler.js). */
function worker(windows: { url: string; focus: jest.Mock }[] = []) {
  return {
    location: { origin: 'https://truenet.example' },
    registration: { showNotification: jest.fn(() => Promise.resolve()) },
    clients: {
      matchAll: jest.fn(() => Promise.resolve(windows)),
      openWindow: jest.fn(() => Promise.resolve(null)),
    },
  };
}

async function settled(event: { waitUntil: jest.Mock }) {
  await event.waitUntil.mock.calls[0]?.[0];
}

describe('the service worker’s push handling', () => {
  it('shows a push as a notification with its link', async () => {
    const sw = worker();
    const event = {
      data: {
        json: () => ({ title: 'Rent is due in 3 days', body: 'Open TrueNet', url: '/#/userhome', tag: 't1' }),
        text: () => '',
      },
      waitUntil: jest.fn(),
    };
    pushHandlers(sw).onPush(event);
    await settled(event);
    expect(sw.registration.showNotification).toHaveBeenCalledWith(
      'Rent is due in 3 days',
      expect.objectContaining({ body: 'Open TrueNet', tag: 't1', data: { url: '/#/userhome' } }),
    );
  });

  it('shows text that is not JSON under TrueNet’s name', async () => {
    const sw = worker();
    const event = {
      data: {
        json: () => {
          throw new SyntaxError('not json');
        },
        text: () => 'plain words',
      },
      waitUntil: jest.fn(),
    };
    pushHandlers(sw).onPush(event);
    await settled(event);
    expect(sw.registration.showNotification).toHaveBeenCalledWith(
      'TrueNet',
      expect.objectContaining({ body: 'plain words' }),
    );
  });

  it('focuses an open TrueNet window on click and sends it to the link', async () => {
    const navigate = jest.fn(() => Promise.resolve(null));
    const open = {
      url: 'https://truenet.example/#/manageaccount',
      focus: jest.fn(() => Promise.resolve({ navigate })),
    };
    const sw = worker([open]);
    const close = jest.fn();
    const event = { notification: { close, data: { url: '/#/userhome' } }, waitUntil: jest.fn() };
    pushHandlers(sw).onNotificationClick(event);
    await settled(event);
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('https://truenet.example/#/userhome');
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window when none is open, and never a link to another site', async () => {
    const sw = worker([]);
    const event = {
      notification: { close: jest.fn(), data: { url: 'https://evil.example/phish' } },
      waitUntil: jest.fn(),
    };
    pushHandlers(sw).onNotificationClick(event);
    await settled(event);
    expect(sw.clients.openWindow).toHaveBeenCalledWith('https://truenet.example/');
  });
});
