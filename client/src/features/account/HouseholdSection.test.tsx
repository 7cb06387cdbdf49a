import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApollo } from '../../kit/testing';
import { HouseholdSection } from './HouseholdSection';

const household = (myRole: 'OWNER' | 'VIEWER', name = "Ada's household") => ({
  id: 'h1',
  name,
  personal: true,
  myRole,
  members: [
    {
      id: '1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: myRole === 'OWNER' ? 'ada@example.com' : null,
      role: 'OWNER',
    },
  ],
});

describe('Household', () => {
  it('lets its owner rename it and lists its members with their roles', async () => {
    const names: string[] = [];
    renderWithApollo(<HouseholdSection />, {
      household: () => household('OWNER'),
      renameHousehold: ({ name }) => {
        names.push(name);
        return household('OWNER', name);
      },
    });
    const field = await screen.findByLabelText('Name');
    expect(field).toHaveValue("Ada's household");
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Owner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rename' })).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, 'The Lovelaces');
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Household renamed')).toBeInTheDocument();
    expect(names).toEqual(['The Lovelaces']);
  });

  it('shows a member who is not the owner the name, without renaming', async () => {
    renderWithApollo(<HouseholdSection />, { household: () => household('VIEWER') });
    expect(await screen.findByText("Ada's household")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
  });
});
