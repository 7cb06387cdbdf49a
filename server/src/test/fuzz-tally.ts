/**
 * The figures a fuzz test prints at its end: how many requests it sent, by answer. Printed on
 * stdout (not through Jest's console, which buries a line under its stack trace) so CI's log
 * shows them.
 */
export class FuzzTally {
  private readonly counts = new Map<string, number>();
  private total = 0;

  constructor(private readonly title: string) {}

  count(answer: string | number): void {
    const key = String(answer);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.total += 1;
  }

  get requests(): number {
    return this.total;
  }

  print(): void {
    const byAnswer = [...this.counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([answer, count]) => `${answer}: ${count}`)
      .join(', ');
    process.stdout.write(`\n${this.title}: ${this.total} requests (${byAnswer})\n`);
  }
}

/** A failed property in two lines: what went wrong, and the generated input that shows it. */
export function failureOf(error: Error): string {
  const counterexample = error.message.split('\n').find((line) => line.startsWith('Counterexample:'));
  const cause = error.cause instanceof Error ? error.cause.message : error.message.split('\n')[0];
  return `${cause}\n${counterexample ?? ''}`.slice(0, 1_000);
}
