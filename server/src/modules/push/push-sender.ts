import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys';

/**
 * One push to one device: the payload encrypted per RFC 8291 (aes128gcm) and signed with VAPID
 * (RFC 8292) by web-push's generateRequestDetails, and sent with fetch, the one transport used in
 * production and in tests (web-push's own sender reaches https endpoints only).
 */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service said: delivered; gone (404/410: remove the device); retry later; refused. */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'refused';

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

const TTL_SECONDS = 24 * 60 * 60;

export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  keys: VapidKeys,
  subject: string,
  timeoutMs = 15_000,
): Promise<PushOutcome> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
  } catch {
    // Keys nothing can be encrypted to (stored before registration checked them): never deliverable.
    return 'gone';
  }
  let status: number;
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
  } catch {
    return 'retry';
  }
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'refused';
}
