import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../app/routing/paths';
import { tabHousehold } from '../../app/session/tabHousehold';
import { MyHouseholdsDocument, SwitchHouseholdDocument } from '../../gql/graphql';
import { useHouseholdChange } from './useHouseholdChange';

/** Where the navbar keeps a place for the switcher (the navbar is drawn before the API is loaded). */
export const SWITCHER_SLOT_ID = 'tn-household-slot';

/** Which household the app answers for, for a person who belongs to more than one. */
export function HouseholdSwitcher() {
  const { data } = useQuery(MyHouseholdsDocument);
  const [switchTo, { loading }] = useMutation(SwitchHouseholdDocument);
  const changed = useHouseholdChange();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const memberships = data?.households ?? [];
  const current = memberships.find((membership) => membership.current)?.household.id ?? '';
  useEffect(() => {
    // The household this tab was answered for: it stays this tab's whatever another tab switches to.
    if (current) tabHousehold.adopt(current);
  }, [current]);
  if (memberships.length < 2) return null;

  const onChange = async (id: string) => {
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
        value={current}
        disabled={loading}
        onChange={(event) => void onChange(event.target.value)}
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

/** Draws the switcher into the navbar's place for it, once that place is on the page. */
export function HouseholdSwitcherSlot() {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    // The navbar's element is on the page only once this commit is done: read it after the commit.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSlot(document.getElementById(SWITCHER_SLOT_ID));
  }, []);
  return slot ? createPortal(<HouseholdSwitcher />, slot) : null;
}
