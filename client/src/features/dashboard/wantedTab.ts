import type { TabKey } from './dashboardTabs';

/**
 * A tab tapped before the dashboard could answer, on the frame index.html paints before any script
 * (answerFrameTabs). On a cheap phone that frame is on screen for seconds, and a tap on it used to
 * be lost: the application's skeleton shows it as chosen, and the dashboard opens on it. A property
 * of window, because the boot script sets it before any module has run.
 */
export const WANTED_TAB_KEY = '__truenetWantedTab';

declare global {
  interface Window {
    /** Only ever a tab's own key: the boot script takes it from the tab tapped. */
    [WANTED_TAB_KEY]?: TabKey;
  }
}

/** The tab tapped before the dashboard drew, if any (kept until forgetWantedTab). */
export function wantedTab(): TabKey | null {
  // Also drawn at build time (src/prerender.tsx), where there is no window and nothing was tapped.
  return (typeof window !== 'undefined' && window[WANTED_TAB_KEY]) || null;
}

/** A tab tapped on the application's skeleton (DashboardSkeleton), as the boot script keeps one. */
export function chooseWantedTab(key: TabKey): void {
  window[WANTED_TAB_KEY] = key;
}

/** Once the dashboard has opened it: a later visit starts on the Analysis again. */
export function forgetWantedTab(): void {
  delete window[WANTED_TAB_KEY];
}

/**
 * Makes the tabs of the dashboard's frame answer a tap before any script has loaded: the tapped tab
 * shows as selected, its panel says it is loading, and the choice is kept for the dashboard. Only
 * the frame's own nodes are touched: once the application has replaced them, a tap is React's.
 * Runs in index.html's boot script as its source text (build/prerender.ts), so it imports nothing
 * and is written for any browser that runs the page.
 */
export function answerFrameTabs(root: HTMLElement, key: string): void {
  const frame = root.firstElementChild;
  if (!frame) return;
  root.addEventListener('click', function (event) {
    const target = event.target as Element | null;
    const tab = target && target.closest ? target.closest('[role="tab"]') : null;
    if (!tab || !frame.contains(tab)) return;
    const chosen = tab.getAttribute('data-rr-ui-event-key');
    const tabs = frame.querySelectorAll('[role="tab"]');
    const status = frame.querySelector('[role="tabpanel"] [role="status"]');
    if (!chosen || !status) return;
    for (let i = 0; i < tabs.length; i += 1) {
      const each = tabs[i] as Element;
      const selected = each === tab;
      each.classList.toggle('active', selected);
      each.setAttribute('aria-selected', selected ? 'true' : 'false');
      const panel = document.getElementById(each.getAttribute('aria-controls') || '');
      if (!panel) continue;
      panel.classList.toggle('active', selected);
      panel.classList.toggle('show', selected);
      // The Analysis panel has its heading and "Loading ..."; the others say it as they open.
      if (selected && !panel.querySelector('[role="status"]')) panel.appendChild(status.cloneNode(true));
    }
    (window as unknown as Record<string, string>)[key] = chosen;
  });
}
