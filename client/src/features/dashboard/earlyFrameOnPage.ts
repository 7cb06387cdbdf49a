/**
 * The dashboard's numbers drawn before its code runs. index.html's head script, once the first
 * screen it asked for answers, writes the person's name and the true-net-income hero into the
 * dashboard's frame (earlyFrame.ts, bundled into that script) and leaves the same HTML on `window`
 * under this key. The application's own frame (DashboardSkeleton) then draws that HTML where it
 * would draw its loading lines, so the numbers stay on screen, in place, until the dashboard draws
 * them itself: the same markup, so nothing moves or flickers when it does.
 */
export const EARLY_FRAME_KEY = '__truenetEarlyFrame';

/**
 * Marks the dashboard's frame as index.html's route chooser put it in #root: the head script draws
 * into that frame only, never into what the application has drawn in its place.
 */
export const PAGE_FRAME_ATTRIBUTE = 'data-truenet-frame';

/**
 * Where index.html's head script leaves the function the route chooser calls once it has put the
 * dashboard's frame in #root: numbers already in are drawn into the frame in that same task, laid
 * out and painted with it, instead of waiting for the whole page to be parsed.
 */
export const FRAME_READY_KEY = '__truenetFrameReady';

/** What the head script leaves at EARLY_FRAME_KEY: HTML escaped and ready to draw. */
export interface EarlyFrame {
  /** The h1's text, as the dashboard writes it. */
  name: string;
  /** The hero's markup, as TrueNetHero renders it for the first screen. */
  hero: string;
  /** When it was drawn, in ms since the epoch. */
  drawnAt: number;
}

/** How long the early frame stays the page's own: the first screen's answer is as old as that. */
const EARLY_FRAME_FRESH_MS = 60_000;

function page(): Record<string, EarlyFrame | undefined> {
  return window as unknown as Record<string, EarlyFrame | undefined>;
}

/** The early frame while it is fresh and not forgotten; null otherwise. */
export function currentEarlyFrame(): EarlyFrame | null {
  const frame = page()[EARLY_FRAME_KEY];
  return frame && Date.now() - frame.drawnAt < EARLY_FRAME_FRESH_MS ? frame : null;
}

/** Calls `changed` when the early frame arrives or is forgotten; answers the unsubscribe. */
export function subscribeEarlyFrame(changed: () => void): () => void {
  window.addEventListener(EARLY_FRAME_KEY, changed);
  return () => window.removeEventListener(EARLY_FRAME_KEY, changed);
}

/**
 * Drops the early frame: once the dashboard has drawn its own first screen (then a later loading
 * frame, after a household switch, must not show these numbers), and when the person signs out.
 */
export function forgetEarlyFrame(): void {
  if (!(EARLY_FRAME_KEY in page())) return;
  delete page()[EARLY_FRAME_KEY];
  window.dispatchEvent(new Event(EARLY_FRAME_KEY));
}
