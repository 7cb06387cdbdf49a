import {
  CONTACT_NAME_PATTERN,
  EMAIL_PATTERN,
  INVALID_EMAIL,
  INVALID_ENTRIES,
  INVALID_FIELDS,
  INVALID_FORM,
  isValid,
  MESSAGES,
  NAME_PATTERN,
  NOT_A_DATE,
  PASSWORD_PATTERN,
  URL_PATTERN,
  USERNAME_PATTERN,
  validateAccountUpdate,
  validateChangePassword,
  validateContactMessage,
  validateIncomeSource,
  validateLiability,
  readApr,
  validateLogin,
  validateRegistration,
  validateResetRequest,
  validateTransaction,
  validateVerificationCode,
  validateWallet,
  type IncomeSourceFormInput,
  type LiabilityFormInput,
  type RegistrationInput,
} from './validation';

describe('the specification’s form-level messages', () => {
  it('are exported verbatim', () => {
    expect(INVALID_FORM).toBe('Invalid form');
    expect(INVALID_ENTRIES).toBe('Some entries are invalid. Check and try again.');
    expect(INVALID_FIELDS).toBe('Some fields are not valid');
    expect(INVALID_EMAIL).toBe('Invalid email');
  });
});

describe('shared patterns', () => {
  it.each(['abcd', 'A_b-3', 'user_name-24_characters', 'Zed9'])(
    'username %p: a letter, then 3 to 23 more',
    (name) => {
      expect(USERNAME_PATTERN.test(name)).toBe(true);
    },
  );

  it.each(['abc', '1abcd', '_abcd', 'user name', 'a'.repeat(25), 'abcé'])(
    'username %p is refused',
    (name) => {
      expect(USERNAME_PATTERN.test(name)).toBe(false);
    },
  );

  it.each(['Passw0rd!', 'aB3@aB3@', 'Strong(Pass1&', 'Aa1%' + 'x'.repeat(20)])(
    'password %p is strong enough',
    (pw) => {
      expect(PASSWORD_PATTERN.test(pw)).toBe(true);
    },
  );

  it.each([
    ['Pa0!', 'too short'],
    ['Aa1%' + 'x'.repeat(21), 'too long'],
    ['password1!', 'no upper case'],
    ['PASSWORD1!', 'no lower case'],
    ['Password!!', 'no digit'],
    ['Password11', 'no symbol'],
    ['Password1#', 'a symbol outside @$!%*(&'],
    ['Pass word1!', 'a space'],
  ])('password %p is refused (%s)', (pw) => {
    expect(PASSWORD_PATTERN.test(pw)).toBe(false);
  });

  it('e-mail: something, an at sign, something, a dot, something, no spaces', () => {
    expect(EMAIL_PATTERN.test('ann@example.com')).toBe(true);
    expect(EMAIL_PATTERN.test('a.b+c@mail.example.co')).toBe(true);
    for (const bad of ['ann@example', 'ann example@x.com', '@x.com', 'ann@.', 'annexample.com']) {
      expect(EMAIL_PATTERN.test(bad)).toBe(false);
    }
  });

  it.each([
    'example.com',
    'www.example.com',
    'http://example.com',
    'https://pay.example.co.uk/bills?id=3',
    'netflix.com:8080/x',
  ])('URL %p looks like a host, www.host or http(s)://…', (url) => {
    expect(URL_PATTERN.test(url)).toBe(true);
  });

  it.each(['example', 'ftp://example.com', 'http://', 'exa mple.com', 'https://-bad-.com'])(
    'URL %p is refused',
    (url) => {
      expect(URL_PATTERN.test(url)).toBe(false);
    },
  );

  it.each(["O'Brien", 'Mary-Jane', 'José', 'J. R. R.', 'Zoë Ångström', 'Ann’s'])(
    'name %p is accepted',
    (name) => {
      expect(NAME_PATTERN.test(name)).toBe(true);
    },
  );

  it.each(['', ' Ann', 'R2D2', 'Ann!', '-Ann', 'a'.repeat(51)])('name %p is refused', (name) => {
    expect(NAME_PATTERN.test(name)).toBe(false);
  });

  it('the contact name allows up to 75 characters', () => {
    expect(CONTACT_NAME_PATTERN.test('a'.repeat(75))).toBe(true);
    expect(CONTACT_NAME_PATTERN.test('a'.repeat(76))).toBe(false);
  });
});

describe('login', () => {
  it('accepts a username and password of up to 75 characters', () => {
    expect(validateLogin({ userName: ' ann ', userPassword: 'x' })).toEqual({});
  });

  it('requires both fields and limits them to 75 characters', () => {
    expect(validateLogin({ userName: ' ', userPassword: '' })).toEqual({
      userName: MESSAGES.usernameRequired,
      userPassword: MESSAGES.passwordRequired,
    });
    expect(validateLogin({ userName: 'a'.repeat(76), userPassword: 'b'.repeat(76) })).toEqual({
      userName: 'At most 75 characters',
      userPassword: 'At most 75 characters',
    });
  });

  it("a filled honeypot: 'Invalid form'", () => {
    expect(validateLogin({ userName: 'ann1', userPassword: 'x', honeypot: 'bot' })).toEqual({
      form: 'Invalid form',
    });
  });
});

describe('registration', () => {
  const valid: RegistrationInput = {
    firstName: 'Ann',
    lastName: "O'Neil",
    userName: 'ann_oneil',
    email: 'ann@example.com',
    userPassword: 'Passw0rd!',
    verifyPassword: 'Passw0rd!',
    plan: 'YEARLY',
  };

  it('accepts a valid sign-up', () => {
    expect(validateRegistration(valid)).toEqual({});
    expect(isValid(validateRegistration({ ...valid, verifyPassword: undefined, plan: null }))).toBe(true);
  });

  it('gives a specific message for each broken field', () => {
    expect(
      validateRegistration({
        firstName: '',
        lastName: 'x'.repeat(51),
        userName: '9lives',
        email: 'ann@',
        userPassword: 'password',
        verifyPassword: 'Password',
        plan: 'MONTHLY',
        honeypot: 'x',
      }),
    ).toEqual({
      form: INVALID_FORM,
      firstName: MESSAGES.name,
      lastName: MESSAGES.name,
      userName:
        '4 to 24 characters, must begin with a letter. Letters, numbers, underscores and hyphens allowed.',
      email: MESSAGES.email,
      userPassword: MESSAGES.password,
      verifyPassword: 'Must match the first password input field',
      plan: MESSAGES.plan,
    });
  });

  it('refuses an e-mail longer than 254 characters', () => {
    expect(validateRegistration({ ...valid, email: `${'a'.repeat(250)}@example.com` })).toEqual({
      email: MESSAGES.email,
    });
  });

  it('the password hint names the symbols', () => {
    expect(MESSAGES.password).toContain('@$!%*(&');
  });
});

describe('change password', () => {
  it('the new password must meet the pattern, differ from the old one and match the verify field', () => {
    expect(validateChangePassword({ oldPW: 'Old-pass1', newPW: 'Newpass1!', verifyPW: 'Newpass1!' })).toEqual(
      {},
    );
    expect(validateChangePassword({ oldPW: 'Passw0rd!', newPW: 'Passw0rd!' })).toEqual({
      newPW: MESSAGES.passwordUnchanged,
    });
    expect(validateChangePassword({ oldPW: 'Old-pass1', newPW: 'Newpass1!', verifyPW: 'Newpass1' })).toEqual({
      verifyPW: MESSAGES.passwordMismatch,
    });
    expect(validateChangePassword({ oldPW: '', newPW: 'weak' })).toEqual({
      oldPW: MESSAGES.passwordRequired,
      newPW: MESSAGES.password,
    });
    expect(validateChangePassword({ oldPW: 'x'.repeat(76), newPW: 'Newpass1!' })).toEqual({
      oldPW: MESSAGES.loginTooLong,
    });
  });

  it("a filled honeypot: 'Invalid form'", () => {
    expect(validateChangePassword({ oldPW: 'Old-pass1', newPW: 'Newpass1!', honeypot: 'x' })).toEqual({
      form: INVALID_FORM,
    });
  });
});

describe('account, contact, reset and verification forms', () => {
  it('account update: names and e-mail', () => {
    expect(
      validateAccountUpdate({ firstName: 'Zoë', lastName: 'Smith-Jones', email: 'zoe@example.org' }),
    ).toEqual({});
    expect(validateAccountUpdate({ firstName: 'Zoë1', lastName: '', email: 'zoe' })).toEqual({
      firstName: MESSAGES.name,
      lastName: MESSAGES.name,
      email: MESSAGES.email,
    });
  });

  it('contact: name up to 75, a valid e-mail, a required message up to 1000, an empty honeypot', () => {
    expect(
      validateContactMessage({ senderName: 'Ann', senderEmail: 'ann@example.com', message: 'Hello' }),
    ).toEqual({});
    expect(
      validateContactMessage({ senderName: '', senderEmail: 'nope', message: '   ', honeypot: 'bot' }),
    ).toEqual({
      form: INVALID_FORM,
      senderName: MESSAGES.contactName,
      senderEmail: MESSAGES.email,
      message: MESSAGES.messageRequired,
    });
    expect(
      validateContactMessage({
        senderName: 'a'.repeat(76),
        senderEmail: 'ann@example.com',
        message: 'x'.repeat(1001),
      }),
    ).toEqual({ senderName: MESSAGES.contactName, message: 'A message can have at most 1000 characters' });
  });

  it("reset password: 'Invalid email'", () => {
    expect(validateResetRequest({ email: 'ann@example.com' })).toEqual({});
    expect(validateResetRequest({ email: 'ann' })).toEqual({ email: 'Invalid email' });
  });

  it('verify e-mail: the 6-digit code', () => {
    expect(validateVerificationCode({ code: ' 123456 ' })).toEqual({});
    expect(validateVerificationCode({ code: '' })).toEqual({ code: MESSAGES.verificationCode });
  });
});

describe('wallet', () => {
  it('needs a name; the balance is optional and may be negative', () => {
    expect(validateWallet({ walletName: 'Checking' })).toEqual({});
    expect(
      validateWallet({ walletName: 'Checking', balance: '-$1,234.50', walletDescription: null }),
    ).toEqual({});
    expect(validateWallet({ walletName: 'Checking', balance: '' })).toEqual({});
    expect(validateWallet({ walletName: 'Checking', balance: null })).toEqual({});
  });

  it('refuses a blank name, a bad balance and a long description', () => {
    expect(
      validateWallet({ walletName: '  ', balance: '12.345', walletDescription: 'x'.repeat(256) }),
    ).toEqual({
      walletName: MESSAGES.walletName,
      balance: 'An amount can have at most 2 decimals (cents)',
      walletDescription: 'At most 255 characters',
    });
    expect(validateWallet({ walletName: 'x'.repeat(101) })).toEqual({
      walletName: MESSAGES.entityNameTooLong,
    });
  });
});

describe('income source', () => {
  const today = '2026-03-05';
  const valid: IncomeSourceFormInput = {
    sourceName: 'Payroll',
    sourceUrl: 'adp.com',
    incomeFrequency: 'Bi-Weekly',
    nextPmtDate: '2026-02-27',
    paymentAmount: 1250.5,
    sourceDesciption: 'Main job',
  };

  it('accepts a valid source, by label or by code', () => {
    expect(validateIncomeSource(valid, today)).toEqual({});
    expect(validateIncomeSource({ ...valid, incomeFrequency: 'BIWEEKLY', sourceUrl: '' }, today)).toEqual({});
  });

  it('gives a message for each broken field', () => {
    expect(
      validateIncomeSource(
        {
          sourceName: ' ',
          sourceUrl: 'not a url',
          incomeFrequency: 'Daily',
          nextPmtDate: '2020-01-01',
          paymentAmount: 0,
        },
        today,
      ),
    ).toEqual({
      sourceName: MESSAGES.sourceName,
      sourceUrl: MESSAGES.url,
      incomeFrequency: MESSAGES.incomeFrequency,
      nextPmtDate: MESSAGES.date,
      paymentAmount: MESSAGES.paymentPositive,
    });
  });

  it('amounts cannot be negative or malformed', () => {
    expect(validateIncomeSource({ ...valid, paymentAmount: '-5' }, today)).toEqual({
      paymentAmount: 'The amount cannot be negative',
    });
    expect(validateIncomeSource({ ...valid, paymentAmount: null }, today)).toEqual({
      paymentAmount: 'Enter an amount such as 1234.50 (at most 2 decimals)',
    });
  });

  it('Twice Monthly needs a second pay date after the first', () => {
    const twice = { ...valid, incomeFrequency: 'Twice Monthly' };
    expect(
      validateIncomeSource({ ...twice, nextPmtDate: '2026-03-01', biMonthlyPayDate: '2026-03-15' }, today),
    ).toEqual({});
    expect(validateIncomeSource({ ...twice, biMonthlyPayDate: null }, today)).toEqual({
      biMonthlyPayDate: MESSAGES.date,
    });
    expect(
      validateIncomeSource({ ...twice, nextPmtDate: '2026-03-15', biMonthlyPayDate: '2026-03-15' }, today),
    ).toEqual({
      biMonthlyPayDate: MESSAGES.twiceMonthlyOrder,
    });
    expect(
      validateIncomeSource(
        {
          ...twice,
          incomeFrequency: 'TWICE_MONTHLY',
          nextPmtDate: '2026-03-15',
          biMonthlyPayDate: '2026-03-01',
        },
        today,
      ),
    ).toEqual({ biMonthlyPayDate: MESSAGES.twiceMonthlyOrder });
  });

  it('dates must lie between 2 years ago and 3 years from today', () => {
    expect(validateIncomeSource({ ...valid, nextPmtDate: '2029-03-05' }, today)).toEqual({});
    expect(validateIncomeSource({ ...valid, nextPmtDate: '2029-03-06' }, today)).toEqual({
      nextPmtDate: MESSAGES.date,
    });
    expect(validateIncomeSource({ ...valid, nextPmtDate: null }, today)).toEqual({
      nextPmtDate: MESSAGES.date,
    });
  });

  it('a typed date that does not exist is said to be no date, not out of range', () => {
    for (const nextPmtDate of [NOT_A_DATE, '2026-02-31', '2026-13-01', '03/05/2026']) {
      expect(validateIncomeSource({ ...valid, nextPmtDate }, today)).toEqual({
        nextPmtDate: MESSAGES.notADate,
      });
    }
  });
});

describe('expense', () => {
  const today = '2026-03-05';
  const valid: LiabilityFormInput = {
    creditorName: 'Mortgage',
    creditorUrl: 'https://bank.example.com',
    debtType: 'Mortgage/Rent',
    frequency: 'Monthly',
    dueDate: '2026-03-10',
    payment: '$1,400.00',
    balance: 250_000,
    creditorDescription: null,
  };

  it('accepts a valid expense; the balance is optional', () => {
    expect(validateLiability(valid, today)).toEqual({});
    expect(
      validateLiability(
        { ...valid, debtType: 'MORTGAGE_RENT', frequency: 'BIMONTHLY', balance: null },
        today,
      ),
    ).toEqual({});
    expect(validateLiability({ ...valid, balance: 0 }, today)).toEqual({});
  });

  it('an APR is optional, from 0 to 100 with at most 2 decimals, a percent sign allowed', () => {
    for (const apr of [null, undefined, '', 0, 24.99, '7.5', ' 19.99% ', 100, '100.00']) {
      expect({ apr, errors: validateLiability({ ...valid, apr }, today) }).toEqual({ apr, errors: {} });
    }
    for (const apr of [-1, '-0.5', 100.01, '101', 12.345, 'twelve', '1e2', '12.', Number.NaN]) {
      expect({ apr, errors: validateLiability({ ...valid, apr }, today) }).toEqual({
        apr,
        errors: { apr: MESSAGES.apr },
      });
    }
    expect([readApr('19.99%'), readApr(7), readApr(1e21), readApr({})]).toEqual([19.99, 7, null, null]);
  });

  it('payment > 0, balance not negative, required choices and a date in the window', () => {
    expect(
      validateLiability(
        {
          creditorName: '',
          creditorUrl: 'bad url',
          debtType: null,
          frequency: 'Daily',
          dueDate: '2026-02-30',
          payment: 0,
          balance: -1,
          creditorDescription: 'x'.repeat(256),
        },
        today,
      ),
    ).toEqual({
      creditorName: MESSAGES.creditorName,
      creditorUrl: MESSAGES.url,
      debtType: MESSAGES.debtType,
      frequency: MESSAGES.expenseFrequency,
      dueDate: MESSAGES.notADate,
      payment: MESSAGES.paymentPositive,
      balance: MESSAGES.balanceNotNegative,
      creditorDescription: MESSAGES.noteTooLong,
    });
    expect(validateLiability({ ...valid, balance: 'abc' }, today)).toEqual({
      balance: 'Enter an amount such as 1234.50 (at most 2 decimals)',
    });
  });
});

describe('transaction', () => {
  it('an amount > 0 and an optional note of at most 255 characters', () => {
    expect(validateTransaction({ amount: 12.5 })).toEqual({});
    expect(validateTransaction({ amount: '$3.00', transactionDescription: 'Coffee' })).toEqual({});
    expect(validateTransaction({ amount: 0, transactionDescription: 'x'.repeat(256) })).toEqual({
      amount: MESSAGES.amountPositive,
      transactionDescription: MESSAGES.noteTooLong,
    });
    expect(validateTransaction({ amount: -50 })).toEqual({ amount: 'The amount cannot be negative' });
    expect(validateTransaction({ amount: 9_999_999_999_999 })).toEqual({
      amount: 'The amount must be between -$999,999,999.99 and $999,999,999.99',
    });
  });
});
