import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { logout } from '../session/authApi';
import { useSession } from '../session/SessionProvider';
import { hasSignedInHint, isSignedIn } from '../session/sessionStore';
import { ROUTES } from '../routing/paths';

/*
 * activeKey="" on both link sets: the route alone (NavLink) says which link is current. Left
 * uncontrolled, Nav would keep the last clicked link highlighted, e.g. Help after a guard sent the
 * person back to #/validateemail.
 */

function SignedInLinks({ onLogout }: { onLogout: () => void }) {
  return (
    <Nav className="ms-auto align-items-md-center" activeKey="">
      {/* The household switcher is drawn here once the API is loaded (features/households). */}
      <div id="tn-household-slot" />
      <Nav.Link as={NavLink} to={ROUTES.contactus} eventKey="contactus">
        Contact Us
      </Nav.Link>
      <Nav.Link as={NavLink} to={ROUTES.userhome} eventKey="userhome">
        Dashboard
      </Nav.Link>
      <Nav.Link as={NavLink} to={ROUTES.manageaccount} eventKey="manageaccount">
        Manage Account
      </Nav.Link>
      <Nav.Link as={NavLink} to={ROUTES.help} eventKey="help">
        Help
      </Nav.Link>
      <Nav.Link
        as="button"
        type="button"
        eventKey="logout"
        onClick={onLogout}
        // A button centres its text: in the phone menu it lines up with the links above it.
        className="btn btn-link text-start"
      >
        Logout
      </Nav.Link>
    </Nav>
  );
}

function SignedOutLinks() {
  return (
    <Nav className="ms-auto align-items-md-center" activeKey="">
      <Nav.Link as={NavLink} to={ROUTES.contactus} eventKey="contactus">
        Contact Us
      </Nav.Link>
      <Nav.Link as={NavLink} to={ROUTES.landing} end eventKey="home">
        Home
      </Nav.Link>
      <Nav.Link as={NavLink} to={ROUTES.commonquestions} eventKey="faq">
        FAQ
      </Nav.Link>
      <Nav.Link as={NavLink} to={ROUTES.loginhome} eventKey="login">
        Login
      </Nav.Link>
      <Nav.Item className="ms-md-2 my-2 my-md-0">
        <Link to={ROUTES.createaccount} className="btn btn-primary btn-sm">
          Register
        </Link>
      </Nav.Item>
    </Nav>
  );
}

/** Header navigation; collapses behind a toggle below the md breakpoint. */
export function AppNavbar() {
  const session = useSession();
  const navigate = useNavigate();
  const signedIn = isSignedIn(session);
  // A browser that was signed in waits for the silent refresh (the page shows 'Loading ...'):
  // offering Login and Register meanwhile would flash the wrong set of links, so there are none.
  const settling = session.status === 'refreshing' && hasSignedInHint();

  const onLogout = async () => {
    await logout();
    void navigate(ROUTES.landing, { replace: true });
  };

  return (
    <NavbarFrame home={signedIn ? ROUTES.userhome : ROUTES.landing}>
      {settling ? null : (
        <>
          <Navbar.Toggle aria-controls="tn-main-nav" aria-label="Toggle navigation" />
          <Navbar.Collapse id="tn-main-nav">
            {signedIn ? <SignedInLinks onLogout={onLogout} /> : <SignedOutLinks />}
          </Navbar.Collapse>
        </>
      )}
    </NavbarFrame>
  );
}

/**
 * The logo (the drawing of public/icons/logo.svg) drawn in the page: as an image it was a request
 * and an SVG document of its own to build on a phone's first screen.
 */
function BrandMark() {
  return (
    <svg
      width="28"
      height="28"
      viewBox="0 0 100 100"
      aria-hidden="true"
      focusable="false"
      className="me-2 align-text-top"
    >
      <rect width="100" height="100" rx="20" fill="#146c43" />
      <g fill="#fff">
        <rect x="22" y="58" width="12" height="18" />
        <rect x="43" y="42" width="12" height="34" />
        <rect x="64" y="26" width="12" height="50" />
        <rect x="18" y="79" width="64" height="4" />
      </g>
    </svg>
  );
}

/**
 * The bar and its brand; the links come as children. Alone, it is the bar while a returning
 * person's session is settling, which the build also renders into index.html (src/prerender.tsx).
 */
export function NavbarFrame({ home, children }: { home: string; children?: ReactNode }) {
  return (
    <Navbar expand="md" bg="dark" data-bs-theme="dark" collapseOnSelect className="tn-navbar">
      <Container>
        <Navbar.Brand as={Link} to={home}>
          <BrandMark />
          TrueNet
        </Navbar.Brand>
        {children}
      </Container>
    </Navbar>
  );
}
