/**
 * The household this browser tab shows, sent with every signed-in request as `X-Household`, so
 * that switching household in another tab never sends this tab's changes elsewhere. Kept in
 * sessionStorage: one per tab, and kept across a reload. Until the tab knows one, the server
 * answers for the account's current household, and the first answer that names it is adopted.
 */
export const HOUSEHOLD_HEADER = 'x-household';
/** Where the tab keeps it (index.html's head script reads it too, for the first screen's request). */
export const TAB_HOUSEHOLD_KEY = 'truenet.household';

/** Where storage is unavailable (private mode), the tab still keeps it while the page lives. */
let inMemory: string | null = null;

function read(): string | null {
  try {
    return window.sessionStorage.getItem(TAB_HOUSEHOLD_KEY);
  } catch {
    return inMemory;
  }
}

function write(id: string | null): void {
  inMemory = id;
  try {
    if (id === null) window.sessionStorage.removeItem(TAB_HOUSEHOLD_KEY);
    else window.sessionStorage.setItem(TAB_HOUSEHOLD_KEY, id);
  } catch {
    // Kept in memory only.
  }
}

export const tabHousehold = {
  get: read,
  /** After a switch, joining, leaving or a transfer: the household the tab moves to. */
  set(id: string): void {
    write(id);
  },
  /** The household the server answered for, kept unless the tab already names one. */
  adopt(id: string): void {
    if (read() === null) write(id);
  },
  /** Signed out, or no longer a member: the tab follows the account's current household again. */
  forget(): void {
    write(null);
  },
};

/** The header to send, if the tab names a household. */
export function householdHeader(): Record<string, string> {
  const id = read();
  return id ? { [HOUSEHOLD_HEADER]: id } : {};
}
