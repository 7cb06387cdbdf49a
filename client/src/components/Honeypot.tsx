/**
 * A field people never see. Bots fill it; a filled honeypot rejects the form with 'Invalid form'
 * and nothing is sent.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="tn-honeypot" aria-hidden="true">
      <label htmlFor="tn-website">Website</label>
      <input
        id="tn-website"
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="honeypot"
      />
    </div>
  );
}
