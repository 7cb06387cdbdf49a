import { asRecoveryCode, asTotpCode } from './sign-in-codes';

describe('second-factor codes as typed', () => {
  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['12345', null],
    ['1234567', null],
    ['12a456', null],
  ])('app code %j reads as %j', (typed, code) => {
    expect(asTotpCode(typed)).toBe(code);
  });

  it.each([
    ['ABCDE-23456', 'ABCDE23456'],
    [' abcde 23456 ', 'ABCDE23456'],
    ['ABCDE-2345', null],
    ['ABCD0-23456', null], // 0 is not in the alphabet (it reads like O)
    ['ABCDE-234567', null],
  ])('recovery code %j reads as %j', (typed, code) => {
    expect(asRecoveryCode(typed)).toBe(code);
  });
});
