import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LandingPage } from '../features/public/LandingPage';
import { Layout } from './layout/Layout';
import { PrerenderedPage } from './PrerenderedPage';
import { RedirectIfSignedIn, RequireAuth } from './routing/guards';
import { SessionProvider } from './session/SessionProvider';
import { expectsDashboard } from './session/sessionStore';
import { preloadableLazy } from './routing/preloadableLazy';

// Everything but the landing page is loaded on demand, Apollo Client included (through ApolloRoot).
const apolloRoot = preloadableLazy(() => import('./apollo/ApolloRoot').then((m) => m.default));
const ApolloRoot = apolloRoot.Component;
// A production build shows the public pages from the HTML it rendered into index.html; elsewhere
// (development, the build's prerender, tests) from their components (src/build-flags.d.ts).
const Landing = __STATIC_PUBLIC_PAGES__ ? () => <PrerenderedPage route="/" /> : LandingPage;
const Faq = __STATIC_PUBLIC_PAGES__
  ? () => <PrerenderedPage route="/commonquestions" />
  : lazy(() => import('../features/public/FaqPage').then((m) => ({ default: m.FaqPage })));
const ContactPage = lazy(() =>
  import('../features/public/ContactPage').then((m) => ({ default: m.ContactPage })),
);
const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() =>
  import('../features/auth/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const PaymentOutcomePage = lazy(() =>
  import('../features/auth/PaymentOutcomePage').then((m) => ({ default: m.PaymentOutcomePage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const ChangePasswordPage = lazy(() =>
  import('../features/auth/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })),
);
const ValidateEmailPage = lazy(() =>
  import('../features/auth/ValidateEmailPage').then((m) => ({ default: m.ValidateEmailPage })),
);
const ManageAccountPage = lazy(() =>
  import('../features/account/ManageAccountPage').then((m) => ({ default: m.ManageAccountPage })),
);
const HelpPage = lazy(() => import('../features/help/HelpPage').then((m) => ({ default: m.HelpPage })));
const InvitationPage = lazy(() =>
  import('../features/households/InvitationPage').then((m) => ({ default: m.InvitationPage })),
);
const userHomePage = preloadableLazy(() =>
  import('../features/dashboard/UserHomePage').then((m) => m.UserHomePage),
);
const UserHomePage = userHomePage.Component;

/**
 * For a returning person opening the dashboard (or the landing page, which sends them there), its
 * code loads beside the session's silent refresh instead of after it, and is drawn as soon as the
 * session is back, without a fallback in between.
 */
export function preloadRouteOf(hash: string): void {
  if (!expectsDashboard(hash)) return;
  for (const route of [apolloRoot, userHomePage]) route.preload().catch(() => undefined);
}

function SessionLayout() {
  return (
    <SessionProvider>
      <Layout />
    </SessionProvider>
  );
}

/** The route table of the product specification, with its access rules. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SessionLayout />}>
        <Route element={<RedirectIfSignedIn />}>
          <Route index element={<Landing />} />
        </Route>
        <Route path="commonquestions" element={<Faq />} />
        <Route element={<ApolloRoot />}>
          {/* Apollo too: a failed payment signs in and opens a new checkout from this page. */}
          <Route path="createaccount/:session" element={<PaymentOutcomePage />} />
          <Route element={<RedirectIfSignedIn />}>
            <Route path="loginhome" element={<LoginPage />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="createaccount" element={<RegisterPage />} />
            <Route path="resetpassword" element={<ResetPasswordPage />} />
          </Route>
          <Route path="contactus" element={<ContactPage />} />
          {/* Shows who invites to what before anyone signs in; joining needs the invited account. */}
          <Route path="invitation/:token" element={<InvitationPage />} />
          <Route element={<RequireAuth />}>
            <Route path="userhome" element={<UserHomePage />} />
            <Route path="manageaccount" element={<ManageAccountPage />} />
            <Route path="manageaccount/:pmtsession" element={<ManageAccountPage />} />
            <Route path="changepassword" element={<ChangePasswordPage />} />
            <Route path="validateemail" element={<ValidateEmailPage />} />
            <Route path="help" element={<HelpPage />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
