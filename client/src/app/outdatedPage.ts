import { useSyncExternalStore } from 'react';

/**
 * The server answers this code for a document hash it does not hold: TrueNet was deployed again
 * while this page was open, and the page's JavaScript asks for documents of the build before. The
 * server refuses document text from browser sessions (trusted documents), so only a reload helps.
 */
export const OUTDATED_DOCUMENT_CODE = 'PERSISTED_QUERY_NOT_FOUND';

let outdated = false;
const listeners = new Set<() => void>();

/** True when any of a GraphQL answer's errors says the page is out of date (and remembers it). */
export function noticeOutdatedPage(
  errors: readonly { extensions?: { code?: unknown } | null }[] | undefined,
): boolean {
  const found = (errors ?? []).some((error) => error.extensions?.code === OUTDATED_DOCUMENT_CODE);
  if (found && !outdated) {
    outdated = true;
    listeners.forEach((listener) => listener());
  }
  return found;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Has an answer said that a newer TrueNet is running? */
export function isOutdatedPage(): boolean {
  return outdated;
}

/** Re-renders when the page learns that a newer TrueNet is running. */
export function useOutdatedPage(): boolean {
  return useSyncExternalStore(subscribe, isOutdatedPage, () => false);
}

/** Tests only: back to a current page. */
export function resetOutdatedPage(): void {
  outdated = false;
}
