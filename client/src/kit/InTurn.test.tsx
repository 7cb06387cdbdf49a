import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { InTurn } from './InTurn';

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
});
