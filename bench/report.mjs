/**
 * Report: one table of every figure with its budget and a PASS / SHORT mark (INFO when the issue
 * sets no budget), the closing notes for each SHORT, and the JSON of the whole run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR } from './lib/paths.mjs';

export class Report {
  rows = [];
  notes = [];
  blocks = [];
  /** Measurements that did not measure (an operation answered errors, API and floor differ): a bench
   * that rotted. They fail the run (and CI's quick run), unlike SHORT figures. */
  broken = [];

  /** Records a measurement that failed; the run exits non-zero after printing everything. */
  fail(text) {
    this.broken.push(text);
  }

  /** Lines printed after the table (e.g. the EXPLAIN plans). */
  block(title, lines) {
    this.blocks.push({ title, lines });
  }

  section(title) {
    this.rows.push({ section: title });
  }

  /** `ok` true/false against a budget, or undefined when there is none (INFO). */
  add(figure, value, budget, ok, id) {
    const mark = ok === undefined ? 'INFO' : ok ? 'PASS' : 'SHORT';
    this.rows.push({ id: id ?? figure, figure, value, budget: budget ?? '', mark });
    return mark;
  }

  note(text) {
    this.notes.push(text);
  }

  get shorts() {
    return this.rows.filter((row) => row.mark === 'SHORT');
  }

  print() {
    const figures = this.rows.filter((row) => !row.section);
    const width = (key, min) => Math.max(min, ...figures.map((row) => String(row[key]).length));
    const [f, v, b] = [width('figure', 6), width('value', 5), width('budget', 6)];
    const line = (a, c, d, e) => `  ${a.padEnd(f)}  ${c.padStart(v)}  ${d.padEnd(b)}  ${e}`;
    const out = ['', line('Figure', 'Value', 'Budget', 'Mark'), `  ${'-'.repeat(f + v + b + 12)}`];
    for (const row of this.rows) {
      if (row.section) out.push(`  ${row.section}`);
      else out.push(line(row.figure, String(row.value), String(row.budget), row.mark));
    }
    const shorts = this.shorts.length;
    out.push(
      '',
      `  ${figures.filter((row) => row.mark === 'PASS').length} PASS, ${shorts} SHORT, ${figures.filter((row) => row.mark === 'INFO').length} INFO`,
    );
    for (const block of this.blocks)
      out.push('', `  ${block.title}`, ...block.lines.map((text) => `    ${text}`));
    if (this.notes.length) out.push('', '  Notes', ...this.notes.map((text) => `  - ${text}`));
    if (this.broken.length)
      out.push('', '  BROKEN measurements (the bench fails)', ...this.broken.map((text) => `  - ${text}`));
    console.log(out.join('\n'));
  }

  save(details) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const figures = this.rows.filter((row) => !row.section);
    const payload = { figures, blocks: this.blocks, notes: this.notes, broken: this.broken, ...details };
    writeFileSync(file, `${JSON.stringify(payload, null, 2)}\n`);
    return file;
  }
}

export const ms = (value) => `${value.toFixed(2)} ms`;
export const fixed = (value, digits = 2) => value.toFixed(digits);
