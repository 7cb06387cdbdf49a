import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { RegisterDocument, RegistrationPlansDocument } from '../../gql/graphql';
import { openExternal } from '../../app/browser';
import { renderScreen } from '../../app/testing/render';
import { RegisterPage } from './RegisterPage';

jest.mock('../../app/browser', () => ({ openExternal: jest.fn(), saveFile: jest.fn() }));

const plansMock = {
  request: { query: RegistrationPlansDocument },
  result: {
    data: {
      plans: [
        {
          __typename: 'Plan',
          code: 'QUARTERLY',
          label: 'Pay quarterly',
          price: 14.95,
          intervalMonths: 3,
          priceId: 'price_q',
          isDefault: false,
          tagline: null,
        },
        {
          __typename: 'Plan',
          code: 'YEARLY',
          label: 'Pay yearly',
          price: 29.95,
          intervalMonths: 12,
          priceId: 'price_y',
          isDefault: true,
          tagline: 'Best deal: 50% savings, 6 months free',
        },
      ],
    },
  },
};

const input = (plan: 'YEARLY' | 'QUARTERLY' = 'YEARLY') => ({
  firstName: 'Jane',
  lastName: 'Doe',
  userName: 'jdoe',
  email: 'jane@example.com',
  userPassword: 'Secret1!',
  plan,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

function renderRegister(registerMock?: object, plan: 'YEARLY' | 'QUARTERLY' = 'YEARLY') {
  const mocks = [
    plansMock,
    ...(registerMock
      ? [{ request: { query: RegisterDocument, variables: { input: input(plan) } }, ...registerMock }]
      : []),
  ];
  return renderScreen(<RegisterPage />, { path: '/createaccount', mocks });
}

async function fillValidForm() {
  await userEvent.type(screen.getByLabelText('First Name'), 'Jane');
  await userEvent.type(screen.getByLabelText('Last Name'), 'Doe');
  await userEvent.type(screen.getByLabelText('User Name'), 'jdoe');
  await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'Secret1!');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'Secret1!');
}

const signUp = () => screen.getByRole('button', { name: 'Sign Up' });

beforeEach(() => jest.mocked(openExternal).mockReset());

describe('RegisterPage', () => {
  it('defaults to the yearly plan, marked as the best deal', async () => {
    renderRegister();
    expect(screen.getByLabelText(/Pay yearly/)).toBeChecked();
    expect(screen.getByLabelText(/Pay quarterly/)).not.toBeChecked();
    const yearly = screen.getByLabelText(/Pay yearly/).closest('.card') as HTMLElement;
    expect(within(yearly).getByText('Best deal')).toBeInTheDocument();
    expect(within(yearly).getByText('Best deal: 50% savings, 6 months free')).toBeInTheDocument();
    expect(await screen.findByText('$29.95')).toBeInTheDocument();
  });

  it('arrives with the plan a pricing card chose (?plan=quarterly); an unknown plan falls back to yearly', async () => {
    const quarterly = renderScreen(<RegisterPage />, {
      path: '/createaccount?plan=quarterly',
      route: '/createaccount',
      mocks: [plansMock],
    });
    expect(screen.getByLabelText(/Pay quarterly/)).toBeChecked();
    expect(await screen.findByText('$14.95')).toBeInTheDocument();
    quarterly.unmount();
    renderScreen(<RegisterPage />, {
      path: '/createaccount?plan=monthly',
      route: '/createaccount',
      mocks: [plansMock],
    });
    expect(screen.getByLabelText(/Pay yearly/)).toBeChecked();
  });

  it('shows the username and password hints of the specification', () => {
    renderRegister();
    expect(screen.getByLabelText('User Name')).toHaveAccessibleDescription(
      /4 to 24 characters, must begin with a letter\. Letters, numbers, underscores and hyphens allowed\./,
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/8 to 24 characters.*@\$!%\*\(&/);
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      /Must match the first password/,
    );
  });

  it('keeps Sign Up disabled until every field is valid and the passwords match', async () => {
    renderRegister();
    expect(signUp()).toBeDisabled();
    await fillValidForm();
    expect(signUp()).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'x');
    expect(signUp()).toBeDisabled();
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(
      /The passwords do not match/,
    );
  });

  it.each([
    ['a username starting with a digit', 'User Name', '1jdoe'],
    ['a username of 3 characters', 'User Name', 'jdo'],
    ['an e-mail without a dot', 'Email', 'jane@example'],
    ['a password without a special character', 'Password', 'Secret12'],
  ])('rejects %s', async (_case, label, value) => {
    renderRegister();
    await fillValidForm();
    await userEvent.clear(screen.getByLabelText(label));
    await userEvent.type(screen.getByLabelText(label), value);
    expect(signUp()).toBeDisabled();
  });

  it("shows 'Some entries are invalid. Check and try again.' on an invalid submit", async () => {
    renderRegister();
    fireEvent.submit(screen.getByRole('form', { name: 'Create account' }));
    expect(await screen.findByText('Some entries are invalid. Check and try again.')).toBeInTheDocument();
  });

  it("rejects a filled honeypot with 'Invalid form'", async () => {
    const server = jest.fn(() => ({
      data: { register: { __typename: 'RegisterPayload', uid: 1, checkoutUrl: 'x', sessionId: 's' } },
    }));
    renderRegister({ result: server });
    fireEvent.change(screen.getByTestId('honeypot'), { target: { value: 'bot' } });
    await fillValidForm();
    await userEvent.click(signUp());
    expect(await screen.findByText('Invalid form')).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });

  it('sends the chosen plan and redirects the browser to the returned checkout address', async () => {
    renderRegister(
      {
        result: {
          data: {
            register: {
              __typename: 'RegisterPayload',
              uid: 5,
              checkoutUrl: 'https://pay.example/c/1',
              sessionId: 'cs_1',
            },
          },
        },
      },
      'QUARTERLY',
    );
    await fillValidForm();
    await userEvent.click(screen.getByLabelText(/Pay quarterly/));
    await userEvent.click(signUp());
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith('https://pay.example/c/1'));
  });

  it("shows the server's message for a 400-class refusal", async () => {
    renderRegister({
      result: {
        errors: [new GraphQLError('That username is taken', { extensions: { code: 'BAD_USER_INPUT' } })],
      },
    });
    await fillValidForm();
    await userEvent.click(signUp());
    expect(await screen.findByText('That username is taken')).toBeInTheDocument();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a server failure',
      { result: { errors: [new GraphQLError('boom', { extensions: { code: 'INTERNAL_SERVER_ERROR' } })] } },
    ],
    ['no response', { error: new TypeError('Failed to fetch') }],
  ])("shows 'Registration Failed.' for %s", async (_case, mock) => {
    renderRegister(mock);
    await fillValidForm();
    await userEvent.click(signUp());
    expect(await screen.findByText('Registration Failed.')).toBeInTheDocument();
  });

  it("shows 'Creating account ...' while the request runs", async () => {
    renderRegister({
      result: {
        data: {
          register: {
            __typename: 'RegisterPayload',
            uid: 5,
            checkoutUrl: 'https://pay.example',
            sessionId: 'cs',
          },
        },
      },
      delay: 200,
    });
    await fillValidForm();
    await userEvent.click(signUp());
    expect(screen.getByRole('button', { name: 'Creating account ...' })).toBeDisabled();
    await waitFor(() => expect(openExternal).toHaveBeenCalled());
  });
});
