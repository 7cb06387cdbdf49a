import {
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentProps,
  type FocusEvent,
} from 'react';
import Form from 'react-bootstrap/Form';
import { formatDollars } from './money';
import { caretAfterDigits, digitsBefore, typedMoney } from './typedMoney';

type ControlProps = Omit<ComponentProps<typeof Form.Control>, 'value' | 'onChange' | 'type' | 'defaultValue'>;

export interface MoneyInputProps extends ControlProps {
  /** Dollars, or null when the field is empty. */
  value: number | null;
  onValueChange: (value: number | null) => void;
}

/** What the person is typing, and the amount it stands for. */
interface Draft {
  text: string;
  value: number | null;
}

/**
 * A dollar field: $ prefix and comma thousands while typing, exactly 2 decimals once the field is
 * left. Typing is never re-padded under the caret (no '.00' to type over), so a decimal point typed
 * fast cannot be lost. It keeps a typed minus sign whatever the field: a form whose amount cannot be
 * negative says so through its rules (core's 'The amount cannot be negative') instead of dropping
 * the sign and saving $50 for '-50'.
 */
export function MoneyInput({ value, onValueChange, onBlur, ...rest }: MoneyInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  /** Where the caret goes after a re-format: after this many digits. */
  const [caretDigits, setCaretDigits] = useState<number | null>(null);
  // A new value from the parent (a cleared or reloaded form) replaces what was being typed; the
  // parent echoing what was typed does not.
  const [previousValue, setPreviousValue] = useState(value);
  if (value !== previousValue) {
    setPreviousValue(value);
    if (draft !== null && draft.value !== value) setDraft(null);
  }
  const shown = draft !== null ? draft.text : value === null ? '' : formatDollars(value);

  useLayoutEffect(() => {
    const element = input.current;
    if (caretDigits === null || !element || document.activeElement !== element) return;
    const at = caretAfterDigits(element.value, caretDigits);
    element.setSelectionRange(at, at);
  }, [caretDigits, shown]);

  function change(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value;
    const typed = typedMoney(raw);
    setCaretDigits(digitsBefore(raw, event.target.selectionStart ?? raw.length));
    setDraft(typed);
    onValueChange(typed.value);
  }

  function leave(event: FocusEvent<HTMLInputElement>) {
    setDraft(null);
    setCaretDigits(null);
    onBlur?.(event);
  }

  return (
    <Form.Control
      {...rest}
      ref={input}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={shown}
      onChange={change}
      onBlur={leave}
    />
  );
}
