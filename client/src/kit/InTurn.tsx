import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { nextTask } from './nextTask';
import { useNearViewport } from './NearViewport';
import './InTurn.css';

/** Parts waiting for their turn: sections in the order they mounted, a table's next rows first. */
const waiting: Array<() => void> = [];
let drawing = false;

/** Draws the next waiting part, in a task of its own. */
function drawNextSoon() {
  void nextTask().then(() => {
    const draw = waiting.shift();
    if (draw) draw();
    else drawing = false;
  });
}

function join(draw: () => void, { next }: { next: boolean }) {
  if (next) waiting.unshift(draw);
  else waiting.push(draw);
  if (!drawing) {
    drawing = true;
    drawNextSoon();
  }
}

function leave(draw: () => void): boolean {
  const index = waiting.indexOf(draw);
  if (index < 0) return false;
  waiting.splice(index, 1);
  return true;
}

/**
 * Whether every part that has come near the screen has been drawn (tests wait for it before reading
 * the whole page: jsdom cannot tell where the screen is, so there every part comes near at once).
 */
export function everythingDrawn(): boolean {
  return !drawing && waiting.length === 0;
}

/**
 * A waiting section starts to draw as its place comes onto the screen, not ahead of the scroll:
 * drawing one costs a cheap phone a few long tasks, paid while the first screen appears if drawn
 * ahead (bench/README.md: a quarter of a screen ahead drew the two sections under the hero on
 * Lighthouse's phone, and the dashboard blocked about a quarter longer).
 */
const ON_SCREEN = '0px';

/**
 * Draws its children once their place comes onto the screen (or a key is pressed: useNearViewport),
 * one such section at a time, top to bottom, each committed in its own task. A page drawn whole
 * commits, lays out and starts every part's subscriptions in one task, which a phone feels as a
 * frozen page; in turn, the first screen comes first and the sections below follow as the person
 * scrolls to them, each appended under the last, so nothing already shown moves. Until then an
 * empty region of a section's usual height holds the place, named for screen readers: their cursor
 * scrolls to it, and so has it drawn.
 */
export function InTurn({ name, children }: { name: string; children: ReactNode }) {
  const [drawn, setDrawn] = useState(false);
  const place = useRef<HTMLElement>(null);
  const near = useNearViewport(place, ON_SCREEN);
  const turn = useRef<'waiting' | 'called' | 'drawn'>('waiting');
  useEffect(() => {
    if (!near) return undefined;
    const draw = () => {
      turn.current = 'called';
      startTransition(() => setDrawn(true));
    };
    join(draw, { next: false });
    return () => {
      // Its turn came but it left before drawing: the next one must not wait for it.
      if (!leave(draw) && turn.current === 'called') drawNextSoon();
    };
  }, [near]);
  useEffect(() => {
    if (!drawn) return;
    turn.current = 'drawn';
    drawNextSoon();
  }, [drawn]);
  if (drawn) return <div className="tn-in-turn">{children}</div>;
  return <section ref={place} aria-label={name} className="tn-in-turn-place" />;
}

/** Rows per commit: about a hundred elements of the analysis' tables, a few milliseconds to commit. */
export const ROWS_PER_TURN = 6;

/**
 * A long table's rows, `ROWS_PER_TURN` more in each turn, before the sections below it take theirs:
 * a table of forty bills committed at once is one long task, in parts it is a few short ones.
 * Rows already shown stay; later answers are shown whole up to what has been drawn.
 */
export function useRowsInTurn<T>(rows: readonly T[]): readonly T[] {
  const [limit, setLimit] = useState(ROWS_PER_TURN);
  const called = useRef(false);
  const more = rows.length > limit;
  useEffect(() => {
    if (!more) return undefined;
    const draw = () => {
      called.current = true;
      startTransition(() => setLimit((shown) => shown + ROWS_PER_TURN));
    };
    join(draw, { next: true });
    return () => {
      leave(draw);
    };
  }, [more, limit]);
  useEffect(() => {
    if (!called.current) return;
    called.current = false;
    drawNextSoon();
  }, [limit]);
  useEffect(
    () => () => {
      if (called.current) drawNextSoon();
    },
    [],
  );
  return more ? rows.slice(0, limit) : rows;
}
