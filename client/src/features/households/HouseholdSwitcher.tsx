import { useApolloClient, useMutation } from '@apollo/client/react';
import { startTransition, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { firstScreenRequest } from '../../app/apollo/firstScreenRequest';
import { ROUTES } from '../../app/routing/paths';
import { tabHousehold } from '../../app/session/tabHousehold';
import { MyHouseholdsDocument, SwitchHouseholdDocument } from '../../gql/graphql';
import { useHouseholdChange } from './useHouseholdChange';
import { useSlicedQuery } from '../../kit/useSlicedQuery';

/** Where the navbar keeps a place for the switcher (the navbar is drawn before the API is loaded). */
export const SWITCHER_SLOT_ID = 'tn-household-slot';

/** Which household the app answers for, for a person who belongs to more than one. */
export function HouseholdSwitcher() {
  const { data } = useSlicedQuery(MyHouseholdsDocument);
  const [switchTo, { loading }] = useMutation(SwitchHouseholdDocument);
  const changed = useHouseholdChange();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  // A household reached with the keyboard (arrows, letters) on the closed select: it is switched to
  // on Enter or on leaving the field, not at each step, since each switch reloads every screen.
  const [keyedChoice, setKeyedChoice] = useState<string | null>(null);
  const keyed = useRef(false);
  const memberships = data?.households ?? [];
  const current = memberships.find((membership) => membership.current)?.household.id ?? '';
  useEffect(() => {
    // The household this tab was answered for: it stays this tab's whatever another tab switches to.
    if (current) tabHousehold.adopt(current);
  }, [current]);
  if (memberships.length < 2) return null;

  const onChange = async (id: string) => {
    setKeyedChoice(null);
    if (id === current) return;
    setFailed(false);
    try {
      const { data: switched } = await switchTo({ variables: { id } });
      if (switched) await changed(switched.switchHousehold.id);
      void navigate(ROUTES.userhome);
    } catch {
      // The select stays on the household this tab still shows; the person is told why.
      setFailed(true);
    }
  };

  return (
    <div className="tn-household-switcher my-2 my-md-0 me-md-2">
      <Form.Select
        size="sm"
        aria-label="Household"
        aria-describedby={failed ? 'tn-household-switch-failed' : undefined}
        isInvalid={failed}
        value={keyedChoice ?? current}
        disabled={loading}
        onPointerDown={() => (keyed.current = false)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && keyedChoice) {
            event.preventDefault();
            void onChange(keyedChoice);
          } else {
            keyed.current = !['Tab', 'Enter', 'Escape', 'Shift'].includes(event.key);
          }
        }}
        onChange={(event) => {
          const id = event.target.value;
          const byKeyboard = keyed.current;
          keyed.current = false;
          if (byKeyboard) setKeyedChoice(id);
          else void onChange(id);
        }}
        onBlur={() => {
          if (keyedChoice) void onChange(keyedChoice);
        }}
      >
        {memberships.map(({ household }) => (
          <option key={household.id} value={household.id}>
            {household.name}
          </option>
        ))}
      </Form.Select>
      {failed && (
        <div id="tn-household-switch-failed" role="alert" className="small tn-household-switch-failed">
          Could not switch households. Try again.
        </div>
      )}
    </div>
  );
}

/**
 * True while the dashboard's first-screen request, which brings the households too, is on its way:
 * the switcher then waits for it rather than asking the server the same thing beside it, and once
 * it is in, reads them from the cache as it first renders (a query first skipped, then not, is
 * prepared and read again in a render React cannot split).
 */
function useFirstScreenPending(): boolean {
  const client = useApolloClient();
  const [pending, setPending] = useState(() => firstScreenRequest(client));
  useEffect(() => {
    if (!pending) return undefined;
    let current = true;
    // A transition: the switcher it lets in is drawn in a slice React can interrupt for a tap.
    const done = () => {
      if (current) startTransition(() => setPending(undefined));
    };
    pending.then(done, done);
    return () => {
      current = false;
    };
  }, [pending]);
  return pending !== undefined;
}

/**
 * Draws the switcher into the navbar's place for it, once that place is on the page and the
 * first screen's households are in (useFirstScreenPending), in transitions.
 */
export function HouseholdSwitcherSlot() {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    // The navbar's element is on the page only once this commit is done: read it after the commit.
    const element = document.getElementById(SWITCHER_SLOT_ID);
    startTransition(() => setSlot(element));
  }, []);
  const waitingForFirstScreen = useFirstScreenPending();
  return slot && !waitingForFirstScreen
    ? createPortal(
        <Suspense fallback={null}>
          <HouseholdSwitcher />
        </Suspense>,
        slot,
      )
    : null;
}
