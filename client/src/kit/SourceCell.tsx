interface SourceCellProps {
  name: string;
  url: string | null | undefined;
  notes: string | null | undefined;
}

function href(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

/** The name, website and notes of an income source or an expense, in one table cell. */
export function SourceCell({ name, url, notes }: SourceCellProps) {
  return (
    <>
      <div className="fw-semibold">{name}</div>
      {url && (
        <div className="small">
          <a href={href(url)} target="_blank" rel="noopener noreferrer">
            {url}
          </a>
        </div>
      )}
      {notes && <div className="small text-muted text-break">{notes}</div>}
    </>
  );
}
