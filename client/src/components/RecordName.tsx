/**
 * A record's name (a wallet, a bill) where the space is one line: a name too long for it ends in
 * an ellipsis instead of running past the card's edge, and the whole name stays available (as
 * the tooltip, and to screen readers, which read the text itself).
 */
export function RecordName({ name }: { name: string }) {
  return (
    <span className="tn-name" title={name}>
      {name}
    </span>
  );
}
