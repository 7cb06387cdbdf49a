import { render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
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
        <InTurn>
          <Section name="chart" commits={commits} />
        </InTurn>
        <InTurn>
          <Section name="tables" commits={commits} />
        </InTurn>
        <InTurn>
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
            <InTurn>
              <p>chart</p>
            </InTurn>
          )}
          <InTurn>
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
        <InTurn>
          <Table />
        </InTurn>
        <InTurn>
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
});
