import Form from 'react-bootstrap/Form';

interface TableSwitchProps {
  id: string;
  /** The switch's name for screen readers ('Paid Rent'); the column header says it to the eye. */
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * A switch in a table cell without a visible label. Its label is there all the same, hidden from
 * the eye and stretched over a 44 × 44 px square around the switch, so a thumb finds it.
 */
export function TableSwitch({ id, label, checked, disabled, onChange }: TableSwitchProps) {
  return (
    <Form.Check
      type="switch"
      role="switch"
      id={id}
      className="tn-switch"
      label={<span className="visually-hidden">{label}</span>}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
