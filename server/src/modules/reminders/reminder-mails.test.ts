import type { BillOccurrence } from '@truenet/core';
import { billsDueSoonMail, pastDueMail } from './reminder-mails';

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
