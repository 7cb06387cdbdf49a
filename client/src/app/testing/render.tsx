import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppRoutes } from '../AppRoutes';

type Mocks = ReadonlyArray<MockLink.MockedResponse>;

/** Shows where the router is, so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '';
  return (
    <div data-testid="location" data-from={from}>
      {location.pathname}
    </div>
  );
}

/** The whole app (routes, guards, session) at `path`, over a mocked API. */
export function renderApp(path: string, mocks: Mocks = []) {
  return render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </MockedProvider>,
  );
}

/** One screen at `path`, with routes for the places it links or redirects to. */
export function renderScreen(
  ui: ReactElement,
  {
    path = '/',
    route = path,
    mocks = [] as Mocks,
    extra,
  }: {
    path?: string;
    route?: string;
    mocks?: Mocks;
    extra?: ReactNode;
  } = {},
) {
  return render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={null} />
          {extra}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </MockedProvider>,
  );
}
