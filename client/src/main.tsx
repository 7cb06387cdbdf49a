import { StrictMode } from 'react';
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
  // Not as a transition: hydration must render the route checked here, and a transition's render
  // may come after a click has changed the hash (React error #418 in journey 21).
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
