import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/theme/theme.scss';
import './app/layout/app.css';
import { App } from './App';
import { loadAnalytics } from './app/analytics';
import { PRERENDERED_ATTRIBUTE } from './app/prerendered';
import { preloadRouteOf } from './app/AppRoutes';
import { startedPageLoadRefresh, startPageLoadRefresh } from './app/session/authApi';
import { sessionStore } from './app/session/sessionStore';

// The silent refresh first, then the code of the page the address names: sent in that order, the
// refresh is not queued behind that code.
if (sessionStore.getState().status === 'refreshing') startPageLoadRefresh();
preloadRouteOf(window.location.hash);
loadAnalytics();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// A public page in #root was left by the script that ran it (app/publicPages.ts), which kept it as
// its route's template: the application renders its own, never adopting that one. Anything else
// there is the frame shown while the application loaded (the navbar, or the dashboard's frame):
// React replaces it when it first draws, with no blank frame in between.
if (container.getAttribute(PRERENDERED_ATTRIBUTE)) container.replaceChildren();
// A transition: React draws the first screen in slices, yielding to the browser between them, not
// in one task that blocks input (what is in #root stays painted until it is done).
const render = () =>
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
// A browser that was signed in is drawn once the silent refresh has answered, either way (until
// then its frame is on the page). Drawn before, everything that reads the session would be drawn
// again the moment it answers, in one task React cannot slice (the session store is read through
// useSyncExternalStore), about a third of the dashboard's blocking time on Lighthouse's phone.
const refresh = startedPageLoadRefresh();
if (refresh) void refresh.then(render, render);
else render();
