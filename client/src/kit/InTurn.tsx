import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/** Sections waiting for their turn, in the order they mounted (document order among siblings). */
const waiting: Array<() => void> = [];
let drawing = false;

/** Draws the next waiting section, in a task of its own. */
function drawNextSoon() {
  setTimeout(() => {
    const draw = waiting.shift();
    if (draw) draw();
    else drawing = false;
  }, 0);
}

/**
 * Draws its children after the page's first commit, one such section at a time, top to bottom, each
 * committed in its own task. A page drawn whole commits, lays out and starts every part's
 * subscriptions in one task, which a phone feels as a frozen page; in turn, the first screen comes
 * first and the sections below follow within moments, each appended under the last, so nothing
 * already shown moves.
 */
export function InTurn({ children }: { children: ReactNode }) {
  const [drawn, setDrawn] = useState(false);
  const turn = useRef<'waiting' | 'called' | 'drawn'>('waiting');
  useEffect(() => {
    const draw = () => {
      turn.current = 'called';
      startTransition(() => setDrawn(true));
    };
    waiting.push(draw);
    if (!drawing) {
      drawing = true;
      drawNextSoon();
    }
    return () => {
      const index = waiting.indexOf(draw);
      if (index >= 0) waiting.splice(index, 1);
      // Its turn came but it left before drawing: the next one must not wait for it.
      else if (turn.current === 'called') drawNextSoon();
    };
  }, []);
  useEffect(() => {
    if (!drawn) return;
    turn.current = 'drawn';
    drawNextSoon();
  }, [drawn]);
  return drawn ? children : null;
}
