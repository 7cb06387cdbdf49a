import type { ComponentProps, ComponentType } from 'react';
import Form from 'react-bootstrap/Form';
import type { FormControlProps } from 'react-bootstrap/FormControl';
import { NumericFormat } from 'react-number-format';

type ControlProps = Omit<ComponentProps<typeof Form.Control>, 'value' | 'onChange' | 'type' | 'defaultValue'>;

export interface MoneyInputProps extends ControlProps {
  /** Dollars, or null when the field is empty. */
  value: number | null;
  onValueChange: (value: number | null) => void;
}

/** react-bootstrap's control, typed as the plain component react-number-format renders. */
const BootstrapControl = Form.Control as unknown as ComponentType<FormControlProps>;

/**
 * A dollar field: $ prefix, comma thousands separator, exactly 2 decimals. It keeps a typed minus
 * sign whatever the field: a form whose amount cannot be negative says so through its rules
 * (core's 'The amount cannot be negative') instead of dropping the sign and saving $50 for '-50'.
 */
export function MoneyInput({ value, onValueChange, ...rest }: MoneyInputProps) {
  return (
    <NumericFormat
      {...rest}
      customInput={BootstrapControl}
      inputMode="decimal"
      value={value ?? ''}
      prefix="$"
      thousandSeparator=","
      decimalScale={2}
      fixedDecimalScale
      allowNegative
      valueIsNumericString={false}
      // Only the person's edits are changes: a new `value` from the parent must not echo back.
      onValueChange={(values, info) => {
        if (info.source === 'event') onValueChange(values.floatValue ?? null);
      }}
    />
  );
}
