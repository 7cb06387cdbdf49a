import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/theme/theme.scss';
import './app/layout/app.css';
import { App } from './App';
import { loadAnalytics } from './app/analytics';
import { PRERENDERED_ATTRIBUTE, routeOfHash } from './app/prerendered';

loadAnalytics();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The build rendered this route's HTML into the page (client/build/prerender.ts): adopt it.
if (container.getAttribute(PRERENDERED_ATTRIBUTE) === routeOfHash(window.location.hash)) {
  // Within this task: React would otherwise render in a later one, and a link tapped in between
  // changes the fragment, so the first render would be another route's (React error #418). Once
  // committed, the router follows the fragment itself.
  flushSync(() => hydrateRoot(container, app));
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
