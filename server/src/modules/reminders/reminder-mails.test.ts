import type { BillOccurrence } from '@truenet/core';
import { billsDueSoonMail, paydayDigestMail, pastDueMail } from './reminder-mails';

/** The mails' words for a person in several households (product rules §16); no I/O, so no database. */
const links = {
  dashboardUrl: 'https://app/#/userhome',
  manageUrl: 'https://app/#/m',
  unsubscribeUrl: 'https://app/u',
};

function bill(creditorName: string, dueDate: string, amountCents: number): BillOccurrence {
  return { liabilityId: creditorName, creditorName, dueDate, amountCents, autoPay: false } as BillOccurrence;
}

describe('reminder mails across households', () => {
  it('dates the subject by the latest bill of all, whichever household lists it first', () => {
    const mail = billsDueSoonMail(
      'Cat',
      [
        { householdName: "Cat's household", content: [bill('Rent', '2026-11-27', 120000)] },
        { householdName: "Ada's household", content: [bill('Phone', '2026-11-25', 5000)] },
      ],
      links,
    );
    expect(mail.subject).toBe('2 bills due soon in 2 households: $1,250.00 by Fri Nov 27, 2026');
    expect(mail.text).toMatch(/Cat's household:\n- Fri Nov 27, 2026 {2}Rent[\s\S]*\n\nAda's household:\n/);
  });

  it('names the household in the subject when the one mail is about one of several', () => {
    const mail = pastDueMail(
      'Cat',
      [{ householdName: "Ada's household", content: [bill('Phone', '2026-11-23', 5000)] }],
      links,
    );
    expect(mail.subject).toBe("Past due: Phone $50.00 was due Mon Nov 23, 2026 (Ada's household)");
  });

  it('names nothing for a person in one household', () => {
    const mail = billsDueSoonMail(
      'Ada',
      [
        {
          householdName: null,
          content: [bill('Rent', '2026-11-27', 120000), bill('Phone', '2026-11-28', 5000)],
        },
      ],
      links,
    );
    expect(mail.subject).toBe('2 bills due soon: $1,250.00 by Sat Nov 28, 2026');
    expect(mail.html).not.toContain('<h2');
  });
});

describe('the payday digest', () => {
  it("says the bills that come less often in the hero's words, and only when there are some", () => {
    const digest = {
      pay: [{ incomeSourceId: '1', sourceName: 'Acme', amountCents: 200_000 }],
      payTotalCents: 200_000,
      nextIncomeDate: '2026-12-02',
      bills: [],
      billsTotalCents: 0,
      netIncomeThisPeriodCents: 42_900,
      lowestBalanceCents: 92_900,
      lowestDate: '2026-11-30',
      setAsideFrequencies: ['YEARLY', 'QUARTERLY'],
      netIncomeAfterSetAsideCents: 38_297,
      heldForBillsCents: 43_000,
    };
    const mail = paydayDigestMail('Ada', [{ householdName: null, content: digest }], links);
    expect(mail.text).toContain(
      'Counting your yearly and quarterly bills as a share of each period: $382.97',
    );
    expect(mail.text).toContain('Held for bills that come less often: $430.00');
    const plain = paydayDigestMail(
      'Ada',
      [{ householdName: null, content: { ...digest, setAsideFrequencies: [] } }],
      links,
    );
    expect(plain.text).not.toContain('Held for bills');
  });
});
