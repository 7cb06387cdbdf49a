import { caretAfterDigits, digitsBefore, typedMoney } from './typedMoney';

describe('a dollar amount as it is typed', () => {
  it.each([
    ['1400', '$1,400', 1400],
    ['45.1', '$45.1', 45.1],
    ['45.10', '$45.10', 45.1],
    ['45.109', '$45.10', 45.1],
    ['$1,234,567.89', '$1,234,567.89', 1234567.89],
    ['0.5', '$0.5', 0.5],
    ['.5', '$0.5', 0.5],
    ['007', '$7', 7],
    ['-50', '-$50', -50],
    ['$-5-0', '-$50', -50],
    ['12.3.4', '$12.34', 12.34],
    ['', '', null],
    ['-', '-', null],
    ['$', '', null],
    ['abc', '', null],
  ])('%j reads as %j (%p)', (raw, text, value) => {
    expect(typedMoney(raw)).toEqual({ text, value });
  });

  it('keeps the caret after the same digits when commas come and go', () => {
    // '$1,4005|' typed: 5 significant characters before the caret → after '5' in '$14,005'.
    expect(digitsBefore('$1,4005', 7)).toBe(5);
    expect(caretAfterDigits('$14,005', 5)).toBe(7);
    // The caret in the middle: after '1' of '$1,400' → after '1' of '$12,400'.
    expect(digitsBefore('$12,400', 3)).toBe(2);
    expect(caretAfterDigits('$12,400', 2)).toBe(3);
    expect(caretAfterDigits('-$5', 0)).toBe(2);
  });
});
