import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { ScrollObserver } from '../test/scrollObserver';
import { everythingDrawn, InTurn, ROWS_PER_TURN, useRowsInTurn } from './InTurn';

/** Records, as each section first commits, which sections the page showed by then. */
function Section({ name, commits }: { name: string; commits: string[][] }) {
  useEffect(() => {
    commits.push([...document.querySelectorAll('[data-section]')].map((node) => node.textContent ?? ''));
  }, [commits]);
  return <p data-section>{name}</p>;
}

describe('InTurn', () => {
  it('draws the page first, then its sections one commit at a time, top to bottom', async () => {
    const commits: string[][] = [];
    render(
      <main>
        <h1>First screen</h1>
        <InTurn name="Chart">
          <Section name="chart" commits={commits} />
        </InTurn>
        <InTurn name="Tables">
          <Section name="tables" commits={commits} />
        </InTurn>
        <InTurn name="Coming due">
          <Section name="coming due" commits={commits} />
        </InTurn>
      </main>,
    );
    expect(screen.getByRole('heading', { name: 'First screen' })).toBeInTheDocument();
    expect(screen.queryByText('chart')).not.toBeInTheDocument();
    expect(await screen.findByText('coming due')).toBeInTheDocument();
    expect(commits).toEqual([['chart'], ['chart', 'tables'], ['chart', 'tables', 'coming due']]);
  });

  it('a section that leaves before its turn holds up none of the others', async () => {
    function Page({ withChart }: { withChart: boolean }) {
      return (
        <>
          {withChart && (
            <InTurn name="Chart">
              <p>chart</p>
            </InTurn>
          )}
          <InTurn name="Tables">
            <p>tables</p>
          </InTurn>
        </>
      );
    }
    const { rerender } = render(<Page withChart />);
    rerender(<Page withChart={false} />);
    expect(await screen.findByText('tables')).toBeInTheDocument();
    expect(screen.queryByText('chart')).not.toBeInTheDocument();
  });

  it("draws a long table's rows a few at a time, all of them before the section below it", async () => {
    const commits: string[] = [];
    const rows = Array.from({ length: ROWS_PER_TURN * 2 + 2 }, (_, index) => `bill ${index + 1}`);
    function Table() {
      const drawn = useRowsInTurn(rows);
      useEffect(() => {
        commits.push(`${drawn.length} rows`);
      }, [drawn.length]);
      return (
        <ul>
          {drawn.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      );
    }
    render(
      <>
        <InTurn name="Table">
          <Table />
        </InTurn>
        <InTurn name="Coming due">
          <Section name="coming due" commits={[]} />
        </InTurn>
      </>,
    );
    await waitFor(() => expect(everythingDrawn()).toBe(true));
    expect(screen.getAllByRole('listitem')).toHaveLength(rows.length);
    expect(commits).toEqual([`${ROWS_PER_TURN} rows`, `${ROWS_PER_TURN * 2} rows`, `${rows.length} rows`]);
    expect(screen.getByText('coming due')).toBeInTheDocument();
  });

  it('a table shorter than a turn is drawn whole at once', () => {
    function Short() {
      return <p>{useRowsInTurn(['rent', 'phone']).join(', ')}</p>;
    }
    render(<Short />);
    expect(screen.getByText('rent, phone')).toBeInTheDocument();
  });

  describe('on a page the browser can tell the screen of', () => {
    beforeEach(() => ScrollObserver.install());
    afterEach(() => ScrollObserver.uninstall());

    function Page() {
      return (
        <main>
          <h1>First screen</h1>
          <InTurn name="Balance forecast">
            <p>chart</p>
          </InTurn>
          <InTurn name="Debts">
            <p>debts</p>
          </InTurn>
        </main>
      );
    }

    it('holds a named place for each section until it comes onto the screen, then draws it', async () => {
      render(<Page />);
      const places = screen.getAllByRole('region');
      expect(places.map((place) => place.getAttribute('aria-label'))).toEqual(['Balance forecast', 'Debts']);
      const [forecast, debts] = ScrollObserver.all;
      expect(forecast?.observed).toEqual([places[0]]);
      expect(forecast?.options.rootMargin).toBe('0px');
      expect(everythingDrawn()).toBe(true);

      forecast?.scroll(true);
      expect(await screen.findByText('chart')).toBeInTheDocument();
      await waitFor(() => expect(everythingDrawn()).toBe(true));
      expect(screen.queryByText('debts')).not.toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Debts' })).toBeInTheDocument();

      debts?.scroll(true);
      expect(await screen.findByText('debts')).toBeInTheDocument();
      expect(screen.queryByRole('region')).not.toBeInTheDocument();
    });

    it('draws every waiting section, top to bottom, once a key is pressed', async () => {
      render(<Page />);
      fireEvent.keyDown(document.body, { key: 'Tab' });
      expect(await screen.findByText('debts')).toBeInTheDocument();
      expect(screen.getByText('chart').compareDocumentPosition(screen.getByText('debts'))).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
      expect(ScrollObserver.watching()).toEqual([]);
    });
  });
});
