import { addDays } from '@truenet/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ForecastEventKind } from '../../gql/graphql';
import { renderWithApollo } from '../../kit/testing';
import { affordability, whatIfProblem } from './affordability';
import { ForecastSection } from './ForecastSection';

const TODAY = '2026-01-07';
const PAYDAY = '2026-01-16';

interface Asked {
  date: string;
  amount: number;
}

/** A forecast like the server's: $500 today, a $400 bill on the 10th, $2,000 pay on the 16th. */
function forecastWith(whatIf: Asked[] = []) {
  let balance = 500;
  const days = Array.from({ length: 45 }, (_, index) => {
    const date = addDays(TODAY, index);
    const events: {
      kind: ForecastEventKind;
      name: string;
      amount: number;
      pastDue: boolean;
    }[] = [];
    if (date === '2026-01-10') events.push({ kind: 'BILL', name: 'Rent', amount: -400, pastDue: false });
    if (date === PAYDAY) events.push({ kind: 'INCOME', name: 'Pay', amount: 2000, pastDue: false });
    for (const asked of whatIf.filter((item) => item.date === date)) {
      events.push({
        kind: 'WHAT_IF',
        name: 'What if',
        amount: -asked.amount,
        pastDue: false,
      });
    }
    balance += events.reduce((sum, event) => sum + event.amount, 0);
    const outflow = -events.filter((event) => event.amount < 0).reduce((sum, event) => sum + event.amount, 0);
    const inflow = events.filter((event) => event.amount > 0).reduce((sum, event) => sum + event.amount, 0);
    return { date, balance, inflow, outflow, events };
  });
  return {
    asOf: TODAY,
    horizon: addDays(TODAY, 44),
    walletId: null,
    startBalance: 500,
    days,
    lowestBalance: Math.min(...days.map((day) => day.balance)),
    lowestDate: TODAY,
    firstNegativeDate: null,
    nextIncomeDate: PAYDAY,
    safeToSpend: 0,
  };
}

describe('the answer in words', () => {
  const ask = (whatIf: Asked[]) =>
    affordability(
      forecastWith(whatIf).days,
      whatIf.map((item, id) => ({ ...item, id, description: '' })),
    );

  it('says yes with the lowest balance before payday', () => {
    expect(ask([{ date: '2026-01-08', amount: 50 }])?.sentence).toBe(
      'Yes: your lowest balance before payday would be $50.00',
    );
  });

  it('says how short and on which day when it dips below zero', () => {
    expect(ask([{ date: '2026-01-09', amount: 300 }])?.sentence).toBe(
      'Not before payday: you would be $200.00 short on Sat Jan 10, 2026',
    );
  });

  it('weighs a spend after payday against the payday that follows it', () => {
    const answer = ask([{ date: '2026-01-20', amount: 1000 }]);
    expect(answer?.affordable).toBe(true);
    expect(answer?.lowest).toBe(100);
  });

  it('names what is wrong with a what-if before anything is sent', () => {
    const range = { asOf: TODAY, horizon: addDays(TODAY, 44) };
    expect(whatIfProblem(null, TODAY, range, 0)).toBe('Enter an amount more than $0.00');
    expect(whatIfProblem(0, TODAY, range, 0)).toBe('Enter an amount more than $0.00');
    expect(whatIfProblem(10, '2026-01-06', range, 0)).toBe(
      'Choose a day from Wed Jan 7, 2026 to Fri Feb 20, 2026',
    );
    expect(whatIfProblem(10, TODAY, range, 20)).toBe('Ask about at most 20 spends at once');
    expect(whatIfProblem(10, TODAY, range, 19)).toBeNull();
    expect(whatIfProblem(999_999_999.99, TODAY, range, 0)).toBeNull();
    expect(whatIfProblem(1_000_000_000, TODAY, range, 0)).toBe(
      'TrueNet works with amounts up to $999,999,999.99',
    );
  });
});

describe('Can I afford it?', () => {
  function renderAsk() {
    const balanceForecast = jest.fn((args: { whatIf?: Asked[] }) => forecastWith(args.whatIf ?? []));
    const utils = renderWithApollo(
      <ForecastSection walletId="1" timeZone="America/New_York" today={TODAY} />,
      { balanceForecast },
    );
    // The section's own days, asked for as it is drawn; every question after them carries what-ifs.
    const questions = () => balanceForecast.mock.calls.filter(([args]) => args.whatIf?.length);
    return { ...utils, balanceForecast, questions };
  }

  async function plan(amount: string, date: string) {
    const amountField = screen.getByLabelText('How much');
    await userEvent.clear(amountField);
    await userEvent.type(amountField, amount);
    const dateField = screen.getByLabelText('When');
    await userEvent.clear(dateField);
    await userEvent.type(dateField, date);
    await userEvent.click(screen.getByRole('button', { name: /^(Check|Add)$/ }));
  }

  it('answers each question, adds spends together, and forgets one when it is removed', async () => {
    const { balanceForecast, questions } = renderAsk();
    expect(await screen.findByTestId('forecast-summary')).toBeInTheDocument();
    expect(balanceForecast).toHaveBeenCalledTimes(1);
    expect(questions()).toEqual([]);

    await plan('50', '2026-01-08');
    expect(
      await screen.findByText('Yes: your lowest balance before payday would be $50.00'),
    ).toBeInTheDocument();
    expect(balanceForecast).toHaveBeenLastCalledWith(
      expect.objectContaining({
        walletId: '1',
        whatIf: [{ date: '2026-01-08', amount: 50, description: null }],
      }),
    );

    await plan('250', '2026-01-09');
    expect(
      await screen.findByText('Not before payday: you would be $200.00 short on Sat Jan 10, 2026'),
    ).toBeInTheDocument();
    // The what-ifs are drawn: the forecast's summary and table count them.
    expect(screen.getByTestId('forecast-summary')).toHaveTextContent(
      'Lowest with your what-ifs: -$200.00 on Sat Jan 10, 2026.',
    );
    expect(screen.getByRole('cell', { name: 'What if -$250.00' })).toBeInTheDocument();
    const planned = screen.getByRole('list', { name: 'Planned spends' });
    expect(within(planned).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Remove $50.00 on Thu Jan 8, 2026' }));
    expect(
      await screen.findByText('Not before payday: you would be $150.00 short on Sat Jan 10, 2026'),
    ).toBeInTheDocument();
  });

  it('refuses an empty amount in words and asks nothing', async () => {
    const { questions } = renderAsk();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount more than $0.00');
    expect(questions()).toEqual([]);
  });

  it('says the limit for an amount beyond what TrueNet takes, never "try again", and asks nothing', async () => {
    const { questions } = renderAsk();
    await userEvent.type(screen.getByLabelText('How much'), '99999999999');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('alert')).toHaveTextContent('TrueNet works with amounts up to $999,999,999.99');
    expect(screen.getByRole('alert')).not.toHaveTextContent(/try again/i);
    expect(questions()).toEqual([]);
  });
});
