import { act, fireEvent, render, screen } from '@testing-library/react';
import { pageOfTemplate, PrerenderedPage } from './PrerenderedPage';
import { prerenderedTemplateId } from './prerendered';

/** A template as the build writes it: the whole layout, whose <main> holds the page. */
const TEMPLATE = `
  <nav><a href="#/login">Login</a></nav>
  <main id="tn-main"><div class="container py-4">
    <div class="tn-landing"><h1>Personal Financial Tracking Software</h1>
      <div class="carousel">
        <div class="carousel-item active"><h2>Wasteland</h2></div><div class="carousel-item"><h2>Navigate</h2></div>
        <a class="carousel-control-next" href="#" role="button">Next</a>
      </div>
      <a href="#/createaccount">Get started with a 7 day free trial</a>
    </div>
  </div></main>
  <footer>copyright</footer>`;

beforeEach(() => {
  jest.useFakeTimers();
  window.matchMedia = jest.fn(() => ({ matches: false })) as unknown as typeof window.matchMedia;
  document.body.innerHTML = `<template id="${prerenderedTemplateId('/')}">${TEMPLATE}</template>`;
});
afterEach(() => jest.useRealTimers());

const activeSlide = () => document.querySelector('.tn-prerendered .carousel-item.active')?.textContent;

describe('a public page shown by the application from its template', () => {
  it('shows the page itself, without the layout around it, with its links and its carousel', () => {
    const { unmount } = render(<PrerenderedPage route="/" />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Personal Financial Tracking Software',
    );
    expect(screen.getByRole('link', { name: 'Get started with a 7 day free trial' })).toHaveAttribute(
      'href',
      '#/createaccount',
    );
    expect(document.querySelector('.tn-prerendered footer, .tn-prerendered nav')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(activeSlide()).toBe('Navigate');
    act(() => jest.advanceTimersByTime(7000));
    expect(activeSlide()).toBe('Wasteland');
    // Gone with its route: its clock stops.
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('finds no page for a route without a template, and offers a way back instead of reloading forever', () => {
    expect(pageOfTemplate('/commonquestions')).toBeNull();
    // This tab already reloaded once for it: the page says so rather than reloading again.
    window.sessionStorage.setItem('truenet.reloadedForTemplate', '1');
    render(<PrerenderedPage route="/commonquestions" />);
    expect(screen.getByRole('link', { name: 'Open TrueNet again' })).toHaveAttribute('href', '/');
  });
});
