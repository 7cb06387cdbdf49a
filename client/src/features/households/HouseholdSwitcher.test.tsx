import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { MemoryRouter } from 'react-router-dom';
import { tabHousehold } from '../../app/session/tabHousehold';
import { renderWithApollo } from '../../kit/testing';
import { HouseholdSwitcher } from './HouseholdSwitcher';

const ADA = '6f1c0c53-0a43-4c39-9d2b-3c8f4d7a2e10';
const OWN = '0b4d7e8a-2c1f-4f5e-9a3b-7d6c5e4f3a21';

function memberships(currentId: string) {
  return [
    { id: OWN, name: "Vic's household", personal: true },
    { id: ADA, name: "Ada's household", personal: false },
  ].map((household) => ({
    current: household.id === currentId,
    role: household.personal ? 'OWNER' : 'VIEWER',
    household: { ...household, members: [{ id: '1' }] },
  }));
}

beforeEach(() => tabHousehold.forget());

describe('the household switcher', () => {
  it('adopts the household this tab was answered for, and moves the tab to the one chosen', async () => {
    let current = OWN;
    const { operations } = renderWithApollo(
      <MemoryRouter>
        <HouseholdSwitcher />
      </MemoryRouter>,
      {
        households: () => memberships(current),
        switchHousehold: ({ id }: { id: string }) => {
          current = id;
          return { id };
        },
      },
    );
    const select = await screen.findByRole('combobox', { name: 'Household' });
    await waitFor(() => expect(tabHousehold.get()).toBe(OWN));
    await userEvent.selectOptions(select, "Ada's household");
    await waitFor(() => expect(tabHousehold.get()).toBe(ADA));
    expect(operations.map((operation) => operation.operationName)).toContain('SwitchHousehold');
    await waitFor(() => expect(select).toHaveValue(ADA));
  });

  it('says so when a switch fails, and stays on the household the tab shows', async () => {
    renderWithApollo(
      <MemoryRouter>
        <HouseholdSwitcher />
      </MemoryRouter>,
      {
        households: () => memberships(OWN),
        switchHousehold: () => {
          throw new GraphQLError('Household not found', { extensions: { code: 'NOT_FOUND' } });
        },
      },
    );
    const select = await screen.findByRole('combobox', { name: 'Household' });
    await userEvent.selectOptions(select, "Ada's household");
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not switch households. Try again.');
    expect(select).toHaveValue(OWN);
    expect(tabHousehold.get()).toBe(OWN);
  });
});
