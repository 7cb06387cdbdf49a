import { formatMoney, planByCode, type PlanCode } from '@truenet/core';
import type { AppDeps } from '../../deps';

export interface TrialEndingMail {
  email: string;
  firstName: string;
  timeZone: string | null;
  plan: PlanCode | null;
  trialEnd: Date | null;
}

function formatDay(instant: Date, timeZone: string | null): string {
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeZone: timeZone ?? 'UTC',
  }).format(instant);
}

/** The reminder the provider asks for three days before a trial turns into a paid plan. */
export async function sendTrialEndingMail(deps: Pick<AppDeps, 'mailer' | 'config'>, mail: TrialEndingMail) {
  const when = mail.trialEnd ? `on ${formatDay(mail.trialEnd, mail.timeZone)}` : 'in a few days';
  const plan = mail.plan ? planByCode(mail.plan) : null;
  const charge = plan ? `Your plan (${plan.label}, ${formatMoney(plan.priceCents)}) starts then.` : '';
  await deps.mailer.send({
    to: mail.email,
    subject: 'Your TrueNet free trial ends soon',
    text: [
      `Hi ${mail.firstName},`,
      '',
      `Your TrueNet free trial ends ${when}. ${charge}`.trim(),
      'Nothing to do if you want to keep tracking your true net income.',
      `To cancel, open Manage Account at ${deps.config.appUrl}/#/manageaccount before then: there will be no charge.`,
      '',
      'TrueNet',
    ].join('\n'),
  });
}
