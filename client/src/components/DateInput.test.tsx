import { fireEvent, render, screen } from '@testing-library/react';
import { NOT_A_DATE } from '@truenet/core';
import { DateInput } from './DateInput';

function renderDate(value = '') {
  const onChange = jest.fn();
  render(<DateInput aria-label="Next Date Due" value={value} onChange={onChange} />);
  return { input: screen.getByLabelText('Next Date Due') as HTMLInputElement, onChange };
}

describe('DateInput', () => {
  it('hands on a real date as YYYY-MM-DD', () => {
    const { input, onChange } = renderDate();
    fireEvent.change(input, { target: { value: '2026-02-28' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-02-28');
  });

  it('says "not a date" when the browser could not read what was typed (02/31/2026), not "empty"', () => {
    const { input, onChange } = renderDate();
    // jsdom has no date picker; the browser marks such typing as bad input and keeps the value ''.
    Object.defineProperty(input, 'validity', { value: { badInput: true } });
    fireEvent.input(input);
    expect(onChange).toHaveBeenLastCalledWith(NOT_A_DATE);
  });

  it('shows the field empty while it holds "not a date"', () => {
    const { input } = renderDate(NOT_A_DATE);
    expect(input.value).toBe('');
  });
});
