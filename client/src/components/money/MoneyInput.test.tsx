import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MoneyInput } from './MoneyInput';

function Field({
  initial = null as number | null,
  fallback,
}: {
  initial?: number | null;
  fallback?: number;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <label htmlFor="amount">Amount</label>
      <MoneyInput id="amount" value={value ?? fallback ?? null} onValueChange={setValue} />
      <output>{value === null ? 'empty' : String(value)}</output>
      <button onClick={() => setValue(null)}>Reset</button>
    </>
  );
}

describe('MoneyInput', () => {
  it('formats while typing without padding, and shows 2 decimals once left', async () => {
    render(<Field />);
    const field = screen.getByLabelText('Amount');
    await userEvent.type(field, '45.10');
    expect(field).toHaveValue('$45.10');
    expect(screen.getByRole('status')).toHaveTextContent('45.1');
    await userEvent.clear(field);
    await userEvent.type(field, '1234567');
    expect(field).toHaveValue('$1,234,567');
    await userEvent.tab();
    expect(field).toHaveValue('$1,234,567.00');
  });

  it('a digit typed in the middle lands where the caret was, across a new comma', async () => {
    render(<Field initial={1400} />);
    const field = screen.getByLabelText<HTMLInputElement>('Amount');
    expect(field).toHaveValue('$1,400.00');
    await userEvent.click(field);
    field.setSelectionRange(2, 2); // after '$1'
    await userEvent.keyboard('2');
    expect(field).toHaveValue('$12,400.00');
    expect(field.selectionStart).toBe(3);
  });

  it("keeps the field empty when cleared, even if the parent shows a default for 'no value'", async () => {
    render(<Field initial={1400} fallback={1400} />);
    const field = screen.getByLabelText('Amount');
    await userEvent.clear(field);
    expect(field).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('empty');
  });

  it('a value set by the form itself replaces what was typed', async () => {
    render(<Field />);
    const field = screen.getByLabelText('Amount');
    await userEvent.type(field, '-5');
    expect(field).toHaveValue('-$5');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field).toHaveValue('');
  });
});
