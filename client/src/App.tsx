import { HashRouter } from 'react-router-dom';
import { AppRoutes } from './app/AppRoutes';

/** Routes live in the URL fragment (`/#/userhome`), so the server serves one page at `/`. */
export function App() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
