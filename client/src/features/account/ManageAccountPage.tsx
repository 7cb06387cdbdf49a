import { useQuery } from '@apollo/client/react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { ROUTES } from '../../app/routing/paths';
import { ManageAccountDocument } from '../../gql/graphql';
import { AccountDetails } from './AccountDetails';
import { ApiTokensSection } from './ApiTokensSection';
import { CategoriesSection } from '../spending/CategoriesSection';
import { BankConnectionsSection } from '../bank/BankConnectionsSection';
import { CalendarFeedsSection } from './CalendarFeedsSection';
import { HouseholdSection } from './HouseholdSection';
import { RemindersSection } from './RemindersSection';
import { SignInSecuritySection } from './SignInSecuritySection';
import { SubscriptionSection } from './SubscriptionSection';
import { YourDataSection } from './YourDataSection';
import {
  ACCOUNT_SECTIONS,
  accountSectionPath,
  isAccountSection,
  sectionId,
  type AccountSectionKey,
} from './accountSections';

/** How long the page may keep growing above a section its address opened. */
const SETTLE_MS = 3_000;

/**
 * Scrolls the section to the top and focuses it; the sections above fetch their own data and
 * grow after this, so it stays at the top while the page settles, unless the person scrolls.
 */
function keepSectionAtTop(id: string): (() => void) | undefined {
  const element = document.getElementById(id);
  if (!element) return undefined;
  // (Optional calls: jsdom, in the tests, has no layout to scroll or observe.)
  const place = () => element.scrollIntoView?.({ block: 'start' });
  place();
  element.focus({ preventScroll: true });
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(place) : undefined;
  if (element.parentElement) observer?.observe(element.parentElement);
  const settle = () => observer?.disconnect();
  const timer = setTimeout(settle, SETTLE_MS);
  const events = ['wheel', 'touchstart', 'keydown'] as const;
  for (const event of events) window.addEventListener(event, settle, { once: true, passive: true });
  return () => {
    settle();
    clearTimeout(timer);
    for (const event of events) window.removeEventListener(event, settle);
  };
}

/** One named section: the target of its address (focused, without an outline, when opened by it). */
function AccountSection({ name, children }: { name: AccountSectionKey; children: ReactNode }) {
  return (
    <div id={sectionId(name)} tabIndex={-1} className="tn-account-section">
      {children}
    </div>
  );
}

/** The sections' list: beside the page on a wide screen, above it on a phone. */
function AccountSectionNav({ current }: { current: AccountSectionKey | undefined }) {
  return (
    <nav aria-label="Account sections" className="tn-account-nav">
      <ul className="list-unstyled mb-0">
        {ACCOUNT_SECTIONS.map((item) => (
          <li key={item.key}>
            <Link
              to={accountSectionPath(item.key)}
              aria-current={item.key === current ? 'location' : undefined}
              className="tn-account-nav-link"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Manage account (routes manageaccount and manageaccount/{pmtsession}). */
export function ManageAccountPage() {
  const { pmtsession } = useParams();
  const [search] = useSearchParams();
  const asked = search.get('section');
  const section = isAccountSection(asked) ? asked : undefined;
  const { data, loading, error } = useQuery(ManageAccountDocument, { fetchPolicy: 'cache-and-network' });
  const shown = Boolean(data);

  // A section's address opens the page at that section's top, once its content is there.
  useEffect(() => (shown && section ? keepSectionAtTop(sectionId(section)) : undefined), [shown, section]);

  return (
    <div className="tn-account-page">
      <h1 className="h3 mb-4">Manage Account</h1>
      {pmtsession && (
        <Alert variant="success">
          <p className="mb-3">Your payment method has been updated.</p>
          <div className="d-flex flex-wrap gap-2">
            <Link to={ROUTES.manageaccount} className="btn btn-outline-primary btn-sm">
              Return to Manage Account
            </Link>
            <Link to={ROUTES.userhome} className="btn btn-primary btn-sm">
              Go to Dashboard
            </Link>
          </div>
        </Alert>
      )}
      {data ? (
        <div className="tn-account">
          <AccountSectionNav current={section} />
          <div className="tn-account-sections">
            <AccountSection name="profile">
              <AccountDetails key={data.me.id} me={data.me} />
            </AccountSection>
            <AccountSection name="security">
              <Card as="section" aria-labelledby="password-title" className="mb-4 shadow-sm">
                <Card.Body className="d-flex flex-wrap align-items-center justify-content-between gap-2">
                  <div>
                    <Card.Title as="h2" id="password-title" className="h5 mb-1">
                      Password
                    </Card.Title>
                    <p className="text-muted mb-0">Change the password you sign in with.</p>
                  </div>
                  <Link to={ROUTES.changepassword} className="btn btn-outline-primary">
                    Change Password
                  </Link>
                </Card.Body>
              </Card>
              <SignInSecuritySection
                twoFactorEnabled={data.me.twoFactorEnabled}
                recoveryCodesLeft={data.me.recoveryCodesLeft}
              />
            </AccountSection>
            <AccountSection name="subscription">
              <SubscriptionSection subscription={data.me.subscription} />
            </AccountSection>
            <AccountSection name="household">
              <HouseholdSection />
            </AccountSection>
            <AccountSection name="notifications">
              <RemindersSection />
            </AccountSection>
            <AccountSection name="calendar">
              <CalendarFeedsSection />
            </AccountSection>
            <AccountSection name="bank-connections">
              <BankConnectionsSection />
            </AccountSection>
            <AccountSection name="categories">
              <CategoriesSection />
            </AccountSection>
            <AccountSection name="api-tokens">
              <ApiTokensSection />
            </AccountSection>
            <AccountSection name="your-data">
              <YourDataSection />
            </AccountSection>
          </div>
        </div>
      ) : loading ? (
        <PageSpinner label="Loading account ..." />
      ) : (
        <Alert variant="danger">{error ? 'Problem loading your account. Refresh page.' : null}</Alert>
      )}
    </div>
  );
}
