import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/theme/theme.scss';
import './app/layout/app.css';
import { App } from './App';
import { loadAnalytics } from './app/analytics';

loadAnalytics();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
