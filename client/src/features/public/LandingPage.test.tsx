import { screen } from '@testing-library/react';
import { renderScreen } from '../../app/testing/render';
import { FaqPage } from './FaqPage';
import { LandingPage } from './LandingPage';

describe('LandingPage', () => {
  it('shows the headline, the intro card and the trial button to createaccount', () => {
    renderScreen(<LandingPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Personal Financial Tracking Software' }),
    ).toBeInTheDocument();
    const buttons = screen.getAllByRole('link', { name: 'Get started with a 7 day free trial' });
    expect(buttons.length).toBeGreaterThan(0);
    buttons.forEach((button) => expect(button).toHaveAttribute('href', '/createaccount'));
  });

  it('keeps its outline: one h1, and no heading skips a level (the product preview is an h2)', () => {
    renderScreen(<LandingPage />);
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it('has a carousel of three slides: Wasteland, navigating it, Analyze', () => {
    const { container } = renderScreen(<LandingPage />);
    expect(container.querySelectorAll('.carousel-item')).toHaveLength(3);
    expect(container.querySelector('.carousel')).toHaveClass('carousel-fade');
    expect(screen.getByRole('heading', { name: 'Wasteland' })).toBeInTheDocument();
    expect(screen.getByText(/navigate the wasteland/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Analyze' })).toBeInTheDocument();
  });

  it('has the four sections and the marketing example 2000 − 1400 − 150 − 21 = 429', () => {
    renderScreen(<LandingPage />);
    for (const name of [
      'Track your financial health',
      'Track your accounts',
      'Know your true net income',
      'How it works',
    ]) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    const example = screen.getByRole('table', { name: 'True net income example' });
    expect(example).toHaveTextContent('$2,000.00');
    expect(example).toHaveTextContent('$1,400.00');
    expect(example).toHaveTextContent('$150.00');
    expect(example).toHaveTextContent('$21.00');
    expect(example).toHaveTextContent('True net income$429.00');
  });

  it("prices both plans, yearly marked 'Best deal', each card leading to registration with its plan", () => {
    renderScreen(<LandingPage />);
    const pricing = screen.getByRole('region', { name: 'Pricing' });
    expect(pricing).toHaveTextContent('Pay quarterly');
    expect(pricing).toHaveTextContent('$14.95 per quarter');
    expect(pricing).toHaveTextContent('Pay yearly');
    expect(pricing).toHaveTextContent('$29.95 per year');
    expect(pricing).toHaveTextContent('Best deal: 50% savings, 6 months free');
    expect(screen.getByRole('link', { name: 'Start free trial: Pay quarterly' })).toHaveAttribute(
      'href',
      '/createaccount?plan=quarterly',
    );
    expect(screen.getByRole('link', { name: 'Start free trial: Pay yearly' })).toHaveAttribute(
      'href',
      '/createaccount?plan=yearly',
    );
  });
});

describe('FaqPage', () => {
  it('promises an answer within 48 hours through the contact form', () => {
    renderScreen(<FaqPage />, { path: '/commonquestions' });
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeInTheDocument();
    expect(screen.getAllByText(/within 48 hours/).length).toBeGreaterThan(0);
  });
});
