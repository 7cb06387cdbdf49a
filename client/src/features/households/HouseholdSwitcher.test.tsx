import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { MemoryRouter } from 'react-router-dom';
import { tabHousehold } from '../../app/session/tabHousehold';
import { trackFirstScreenRequest } from '../../app/apollo/firstScreenRequest';
import { MyHouseholdsDocument } from '../../gql/graphql';
import {
  deferred,
  renderSuspendingWithApollo,
  schemaLink,
  type RecordedOperation,
  type Resolvers,
} from '../../kit/testing';
import { HouseholdSwitcher, HouseholdSwitcherSlot, SWITCHER_SLOT_ID } from './HouseholdSwitcher';

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

function renderSwitcher(resolvers: Resolvers) {
  return renderSuspendingWithApollo(
    <MemoryRouter>
      <HouseholdSwitcher />
    </MemoryRouter>,
    resolvers,
  );
}

/** The switcher, in the navbar's place for it, while the dashboard's first screen (`firstScreen`) loads. */
function renderWhileFirstScreenLoads(firstScreen: Promise<void>) {
  const operations: RecordedOperation[] = [];
  const client = new ApolloClient({
    link: schemaLink({ households: () => memberships(OWN) }, operations),
    cache: new InMemoryCache(),
  });
  trackFirstScreenRequest(client, firstScreen).catch(() => undefined);
  // The navbar's place for it, as the navbar draws it.
  const slot = document.body.appendChild(document.createElement('div'));
  slot.id = SWITCHER_SLOT_ID;
  render(
    <ApolloProvider client={client}>
      <MemoryRouter>
        <HouseholdSwitcherSlot />
      </MemoryRouter>
    </ApolloProvider>,
  );
  return { client, operations };
}

/** A closed select on Windows: each arrow (or letter) changes the value and fires change. */
function arrowTo(select: HTMLElement, id: string, key = 'ArrowDown') {
  fireEvent.keyDown(select, { key });
  fireEvent.change(select, { target: { value: id } });
}

beforeEach(() => tabHousehold.forget());
afterEach(() => document.getElementById(SWITCHER_SLOT_ID)?.remove());

describe('the household switcher', () => {
  it('waits for the dashboard’s first screen, which brings the households, instead of asking beside it', async () => {
    const firstScreen = deferred<void>();
    const { client, operations } = renderWhileFirstScreenLoads(firstScreen.promise);
    await act(() => Promise.resolve());
    expect(operations).toEqual([]);
    expect(screen.queryByRole('combobox', { name: 'Household' })).not.toBeInTheDocument();
    // The first screen's answer is written, then the request settles: the switcher reads it.
    client.writeQuery({ query: MyHouseholdsDocument, data: { households: memberships(ADA) } });
    firstScreen.resolve();
    expect(await screen.findByRole('combobox', { name: 'Household' })).toHaveValue(ADA);
    expect(operations).toEqual([]);
  });

  it('asks for the households itself when the first screen failed', async () => {
    const firstScreen = deferred<void>();
    const { operations } = renderWhileFirstScreenLoads(firstScreen.promise);
    firstScreen.reject(new Error('the first screen was not answered whole'));
    expect(await screen.findByRole('combobox', { name: 'Household' })).toHaveValue(OWN);
    expect(operations.map((operation) => operation.operationName)).toEqual(['MyHouseholds']);
  });

  it('adopts the household this tab was answered for, and moves the tab to the one chosen', async () => {
    let current = OWN;
    const { operations } = await renderSwitcher({
      households: () => memberships(current),
      switchHousehold: ({ id }: { id: string }) => {
        current = id;
        return { id };
      },
    });
    const select = await screen.findByRole('combobox', { name: 'Household' });
    await waitFor(() => expect(tabHousehold.get()).toBe(OWN));
    await userEvent.selectOptions(select, "Ada's household");
    await waitFor(() => expect(tabHousehold.get()).toBe(ADA));
    expect(operations.map((operation) => operation.operationName)).toContain('SwitchHousehold');
    await waitFor(() => expect(select).toHaveValue(ADA));
  });

  it('moved through with the keyboard, switches once, on Enter, not at each arrow', async () => {
    let current = OWN;
    const switchHousehold = jest.fn(({ id }: { id: string }) => {
      current = id;
      return { id };
    });
    await renderSwitcher({ households: () => memberships(current), switchHousehold });
    const select = await screen.findByRole('combobox', { name: 'Household' });
    await waitFor(() => expect(tabHousehold.get()).toBe(OWN));
    arrowTo(select, ADA);
    arrowTo(select, OWN, 'ArrowUp');
    arrowTo(select, ADA);
    expect(select).toHaveValue(ADA);
    expect(switchHousehold).not.toHaveBeenCalled();
    fireEvent.keyDown(select, { key: 'Enter' });
    await waitFor(() => expect(tabHousehold.get()).toBe(ADA));
    expect(switchHousehold).toHaveBeenCalledTimes(1);
  });

  it('a household reached with the keyboard is switched to on leaving the field; back where it was, nothing is', async () => {
    const switchHousehold = jest.fn(({ id }: { id: string }) => ({ id }));
    await renderSwitcher({ households: () => memberships(OWN), switchHousehold });
    const select = await screen.findByRole('combobox', { name: 'Household' });
    arrowTo(select, ADA);
    arrowTo(select, OWN, 'ArrowUp');
    fireEvent.blur(select);
    expect(switchHousehold).not.toHaveBeenCalled();
    arrowTo(select, ADA);
    fireEvent.blur(select);
    await waitFor(() => expect(switchHousehold).toHaveBeenCalledTimes(1));
    expect(switchHousehold).toHaveBeenCalledWith({ id: ADA });
  });

  it('says so when a switch fails, and stays on the household the tab shows', async () => {
    await renderSwitcher({
      households: () => memberships(OWN),
      switchHousehold: () => {
        throw new GraphQLError('Household not found', { extensions: { code: 'NOT_FOUND' } });
      },
    });
    const select = await screen.findByRole('combobox', { name: 'Household' });
    await userEvent.selectOptions(select, "Ada's household");
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not switch households. Try again.');
    expect(select).toHaveValue(OWN);
    expect(tabHousehold.get()).toBe(OWN);
  });
});
