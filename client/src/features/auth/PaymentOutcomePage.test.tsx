import { screen } from '@testing-library/react';
import { renderScreen } from '../../app/testing/render';
import { PaymentOutcomePage } from './PaymentOutcomePage';

describe('PaymentOutcomePage', () => {
  it("a session starting with 'failed' shows the payment problem and a link back to createaccount", () => {
    renderScreen(<PaymentOutcomePage />, {
      path: '/createaccount/failed-card-declined',
      route: '/createaccount/:session',
    });
    expect(screen.getByText('There was a problem with your payment')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /create account/i })).toHaveAttribute('href', '/createaccount');
  });

  it("any other session shows 'Thank you for signing up' with a Login link", () => {
    renderScreen(<PaymentOutcomePage />, {
      path: '/createaccount/cs_test_abc',
      route: '/createaccount/:session',
    });
    expect(screen.getByText('Thank you for signing up')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/loginhome');
  });
});
