import Alert from 'react-bootstrap/Alert';
import type { RuntimeConfig } from '../app/analytics';

/** The local mailbox's address, when the server says mail stays in its outbox (not in production). */
export function devMailboxUrl(config: RuntimeConfig | undefined = window.__TRUENET_CONFIG__): string | null {
  const url = config?.devMailboxUrl;
  return typeof url === 'string' && url.startsWith('/') ? url : null;
}

/**
 * Running locally without an SMTP server, no e-mail leaves the machine: this note links to the
 * outbox page where the code or temporary password can be read. Production never shows it.
 */
export function DevMailboxNote({ what }: { what: string }) {
  const url = devMailboxUrl();
  if (!url) return null;
  return (
    <Alert variant="info" className="small py-2">
      Running locally without e-mail: read {what} in the{' '}
      <a href={url} target="_blank" rel="noreferrer">
        local mailbox
      </a>
      .
    </Alert>
  );
}
