import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApollo } from '../../kit/testing';
import { HouseholdSection } from './HouseholdSection';

const ada = { id: '1', firstName: 'Ada', lastName: 'Lovelace', role: 'OWNER' };
const bob = { id: '2', firstName: 'Bob', lastName: 'Lovelace', role: 'EDITOR' };

const household = (
  myRole: 'OWNER' | 'EDITOR' | 'VIEWER',
  {
    name = "Ada's household",
    personal = myRole === 'OWNER',
    members = [ada],
    invitations = [] as unknown[],
  } = {},
) => ({
  id: 'h1',
  name,
  personal,
  myRole,
  canWrite: myRole !== 'VIEWER',
  members: members.map((member) => ({
    ...member,
    email: myRole === 'OWNER' ? `${member.firstName.toLowerCase()}@example.com` : null,
    joinedAt: '2026-11-01T00:00:00Z',
  })),
  invitations: myRole === 'OWNER' ? invitations : [],
});

describe('Household', () => {
  it('lets its owner rename it and lists its members with their roles', async () => {
    const names: string[] = [];
    renderWithApollo(<HouseholdSection />, {
      household: () => household('OWNER'),
      householdActivity: () => [],
      renameHousehold: ({ name }) => {
        names.push(name);
        return household('OWNER', { name });
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

  it('lets its owner invite by e-mail with a role, and withdraw a pending invitation', async () => {
    const invited: unknown[] = [];
    const withdrawn: string[] = [];
    let invitations: unknown[] = [];
    renderWithApollo(<HouseholdSection />, {
      household: () => household('OWNER', { invitations }),
      householdActivity: () => [],
      inviteMember: ({ email, role }) => {
        invited.push({ email, role });
        invitations = [{ id: 'i1', email, role, expiresAt: '2026-12-03T10:00:00Z', invitedBy: 'Ada' }];
        return invitations[0];
      },
      revokeInvitation: ({ id }) => {
        withdrawn.push(id);
        invitations = [];
        return true;
      },
    });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'bob@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'VIEWER');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(
      await screen.findByText('Invitation sent to bob@example.com. The link works for 7 days.'),
    ).toBeInTheDocument();
    expect(invited).toEqual([{ email: 'bob@example.com', role: 'VIEWER' }]);
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('bob@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation to bob@example.com' }));
    expect(await screen.findByText('Invite someone')).toBeInTheDocument();
    expect(withdrawn).toEqual(['i1']);
  });

  it("lets its owner change another member's role, and tells a refusal in words", async () => {
    const roles: unknown[] = [];
    renderWithApollo(<HouseholdSection />, {
      household: () => household('OWNER', { members: [ada, bob] }),
      householdActivity: () => [],
      changeMemberRole: ({ memberId, role }) => {
        roles.push({ memberId, role });
        return { ...bob, role, email: 'bob@example.com', joinedAt: '2026-11-01T00:00:00Z' };
      },
    });
    await userEvent.selectOptions(await screen.findByLabelText('Role of Bob Lovelace'), 'VIEWER');
    expect(await screen.findByText('Bob is now a viewer')).toBeInTheDocument();
    expect(roles).toEqual([{ memberId: '2', role: 'VIEWER' }]);
    expect(screen.getByText('Transfer ownership')).toBeInTheDocument();
  });

  it('shows a member who is not the owner the name and a way to leave, without managing', async () => {
    renderWithApollo(<HouseholdSection />, {
      household: () => household('VIEWER', { members: [ada, bob] }),
      householdActivity: () => [
        { at: '2026-11-20T15:00:00Z', who: 'Bob', action: 'Spent', summary: '$12.50 from Joint checking' },
      ],
    });
    expect(await screen.findByText("Ada's household")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(screen.queryByLabelText('Role of Bob Lovelace')).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave this household' })).toBeInTheDocument();
    expect(await screen.findByText(': $12.50 from Joint checking')).toBeInTheDocument();
  });
});
