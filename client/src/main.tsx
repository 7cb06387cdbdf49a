import { startTransition, StrictMode } from 'react';
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
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: the page it adopts is already on screen and readable.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
