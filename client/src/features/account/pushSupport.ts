/** What this browser can do with push notifications, and the small conversions a subscription needs. */

export type PushSupport = 'supported' | 'unsupported' | 'ios-needs-home-screen' | 'denied';

interface BrowserLike {
  navigator: Navigator & { standalone?: boolean };
  hasPushManager: boolean;
  notificationPermission: NotificationPermission | null;
  standaloneDisplay: boolean;
}

export function browserOf(window: Window): BrowserLike {
  return {
    navigator: window.navigator,
    hasPushManager: 'PushManager' in window,
    notificationPermission: typeof Notification === 'undefined' ? null : Notification.permission,
    standaloneDisplay: window.matchMedia?.('(display-mode: standalone)').matches ?? false,
  };
}

export function pushSupport(browser: BrowserLike): PushSupport {
  const ios = /iPhone|iPad|iPod/.test(browser.navigator.userAgent);
  const installed = browser.standaloneDisplay || browser.navigator.standalone === true;
  // Safari on an iPhone offers push only to a web app added to the Home Screen.
  if (ios && !installed) return 'ios-needs-home-screen';
  if (
    !('serviceWorker' in browser.navigator) ||
    !browser.hasPushManager ||
    browser.notificationPermission === null
  ) {
    return 'unsupported';
  }
  return browser.notificationPermission === 'denied' ? 'denied' : 'supported';
}

/** The VAPID key as the Push API takes it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** A name for this device a person recognises: its system and browser. */
export function deviceName(userAgent: string): string {
  const system = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Mac OS X/.test(userAgent)
          ? 'Mac'
          : /Windows/.test(userAgent)
            ? 'Windows'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : 'This device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '';
  return browser ? `${browser} on ${system}` : system;
}
