import {
  escapeHtml,
  setAsideSentence,
  formatDisplayDate,
  formatMoney,
  type BillOccurrence,
  type PaydayDigest,
  type ReminderKind,
} from '@truenet/core';
import { BRAND, BUTTON_STYLE, FONT_STACK, WORDMARK } from '../mail/brand';

/**
 * The reminder e-mails (docs/product-rules.md §9), each in plain text and HTML. The HTML is a single centred
 * table with inline styles (what Gmail, Outlook and Apple Mail all render alike), amounts in the
 * specification's money format and dates in its 'ddd MMM D, YYYY' format. Every mail links to the
 * dashboard and carries its kind's one-click unsubscribe link.
 */
export interface ReminderMailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * What a reminder tells besides its kind, each told once: amounts that changed at the bank, and
 * budgets that reached 80% or all of their month.
 */
export interface ReminderNews {
  bank: readonly string[];
  budgets: readonly string[];
}

export const NO_NEWS: ReminderNews = { bank: [], budgets: [] };

const NEWS_HEADING = 'At the bank';
const BUDGETS_HEADING = 'Your budgets this month';

/** The news in one line, as a push says it beneath its title. */
export function newsLine(news: ReminderNews): string | null {
  const lines = [...news.bank, ...news.budgets];
  return lines.length > 0 ? lines.join(' · ').slice(0, 500) : null;
}

export interface ReminderLinks {
  dashboardUrl: string;
  manageUrl: string;
  unsubscribeUrl: string;
}

export const KIND_LABEL: Record<ReminderKind, string> = {
  BILLS_DUE_SOON: 'bill reminders',
  PAST_DUE: 'past-due notices',
  PAYDAY_DIGEST: 'payday digests',
  BUDGET_ALERT: 'budget alerts',
};

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);
const total = (bills: BillOccurrence[]) => bills.reduce((sum, bill) => sum + bill.amountCents, 0);

function billLine(bill: BillOccurrence): string {
  return `- ${formatDisplayDate(bill.dueDate)}  ${bill.creditorName}  ${formatMoney(bill.amountCents)}${bill.autoPay ? ' (auto-pay)' : ''}`;
}

const CELL = `padding:8px 12px;border-bottom:1px solid ${BRAND.rule};font-size:15px`;

function billTable(bills: BillOccurrence[]): string {
  const rows = bills
    .map(
      (bill) => `<tr>
<td style="${CELL};white-space:nowrap">${escapeHtml(formatDisplayDate(bill.dueDate))}</td>
<td style="${CELL}">${escapeHtml(bill.creditorName)}${bill.autoPay ? ` <span style="color:${BRAND.muted}">(auto-pay)</span>` : ''}</td>
<td style="${CELL};text-align:right;white-space:nowrap">${escapeHtml(formatMoney(bill.amountCents))}</td>
</tr>`,
    )
    .join('\n');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">
<tr><th align="left" style="${CELL};color:${BRAND.muted};font-weight:normal">Due</th><th align="left" style="${CELL};color:${BRAND.muted};font-weight:normal">Bill</th><th align="right" style="${CELL};color:${BRAND.muted};font-weight:normal">Amount</th></tr>
${rows}
<tr><td style="${CELL};font-weight:bold" colspan="2">Total</td><td style="${CELL};text-align:right;font-weight:bold;white-space:nowrap">${escapeHtml(formatMoney(total(bills)))}</td></tr>
</table>`;
}

function layout(
  firstName: string,
  heading: string,
  bodyHtml: string,
  kind: ReminderKind,
  links: ReminderLinks,
  news: ReminderNews,
) {
  const listHtml = (lines: readonly string[]) =>
    `<ul style="margin:0;padding-left:20px">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
  const bankHtml =
    news.bank.length === 0
      ? ''
      : `<h2 style="margin:24px 0 8px;font-size:16px">${NEWS_HEADING}</h2>
${listHtml(news.bank)}
<p style="margin:8px 0 0;color:${BRAND.muted};font-size:14px">Update the amount on your dashboard, or keep the one you planned.</p>`;
  const budgetsHtml =
    news.budgets.length === 0
      ? ''
      : `<h2 style="margin:24px 0 8px;font-size:16px">${BUDGETS_HEADING}</h2>
${listHtml(news.budgets)}`;
  const newsHtml = bankHtml + budgetsHtml;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:${BRAND.surface}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.surface}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:${FONT_STACK};color:${BRAND.ink};line-height:1.5">
<tr><td style="padding:24px 24px 8px">${WORDMARK}</td></tr>
<tr><td style="padding:0 24px 24px;font-size:16px">
<p style="margin:0 0 16px">Hello ${escapeHtml(firstName)},</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(heading)}</h1>
${bodyHtml}${newsHtml}
<p style="margin:24px 0 0"><a href="${escapeHtml(links.dashboardUrl)}" style="${BUTTON_STYLE}">Open your dashboard</a></p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${BRAND.rule};font-size:13px;color:${BRAND.muted}">
You get this e-mail because ${KIND_LABEL[kind]} are on for your TrueNet account.
<a href="${escapeHtml(links.unsubscribeUrl)}" style="color:${BRAND.muted}">Unsubscribe from ${KIND_LABEL[kind]}</a> or
<a href="${escapeHtml(links.manageUrl)}" style="color:${BRAND.muted}">change your reminders</a>.
</td></tr>
</table>
</td></tr></table>
</body></html>`;
}

function textMail(
  firstName: string,
  heading: string,
  lines: string[],
  kind: ReminderKind,
  links: ReminderLinks,
  news: ReminderNews,
) {
  return [
    `Hello ${firstName},`,
    '',
    heading,
    '',
    ...lines,
    ...(news.bank.length === 0 ? [] : ['', `${NEWS_HEADING}:`, ...news.bank.map((line) => `- ${line}`)]),
    ...(news.budgets.length === 0
      ? []
      : ['', `${BUDGETS_HEADING}:`, ...news.budgets.map((line) => `- ${line}`)]),
    '',
    `Open your dashboard: ${links.dashboardUrl}`,
    '',
    '--',
    `You get this e-mail because ${KIND_LABEL[kind]} are on for your TrueNet account.`,
    `Unsubscribe from ${KIND_LABEL[kind]}: ${links.unsubscribeUrl}`,
    `Change your reminders: ${links.manageUrl}`,
  ].join('\n');
}

/**
 * One household's part of a reminder. A person in several households gets one mail of each kind a
 * day covering them all, each part under its household's name (`householdName`); alone in one, the
 * mail names none.
 */
export interface HouseholdPart<T> {
  householdName: string | null;
  content: T;
}

/** ' (Ada's household)' when a mail about one household names it. */
function inHousehold(parts: HouseholdPart<unknown>[]): string {
  const [only] = parts;
  return parts.length === 1 && only?.householdName ? ` (${only.householdName})` : '';
}

/** A household's part: set apart by a rule and the brand's green, above its own bold lines. */
const SECTION_HEADING = `margin:24px 0 12px;padding-top:16px;border-top:2px solid ${BRAND.rule};font-size:18px;color:${BRAND.green}`;

/** Each part's text lines, under its household's name when it has one. */
function partsText<T>(parts: HouseholdPart<T>[], lines: (content: T) => string[]): string[] {
  return parts.flatMap((part, index) => [
    ...(part.householdName ? [...(index > 0 ? [''] : []), `${part.householdName}:`] : []),
    ...lines(part.content),
  ]);
}

/** Each part's HTML, under its household's name when it has one. */
function partsHtml<T>(parts: HouseholdPart<T>[], html: (content: T) => string): string {
  return parts
    .map(
      (part) =>
        (part.householdName
          ? `<h2 style="${SECTION_HEADING}">${escapeHtml(part.householdName)}</h2>\n`
          : '') + html(part.content),
    )
    .join('\n');
}

function billsSubject(bills: BillOccurrence[], parts: HouseholdPart<BillOccurrence[]>[]): string {
  // Each household's bills come in date order, not all of them together: the latest of them all.
  const last = bills.reduce((latest, bill) => (bill.dueDate > latest.dueDate ? bill : latest));
  const households = parts.length > 1 ? ` in ${parts.length} households` : '';
  return `${bills.length} bills due soon${households}: ${formatMoney(total(bills))} by ${formatDisplayDate(last.dueDate)}`;
}

/** Bills due soon: every occurrence due from today through today + lead days not reminded before. */
export function billsDueSoonMail(
  firstName: string,
  parts: HouseholdPart<BillOccurrence[]>[],
  links: ReminderLinks,
  news: ReminderNews = NO_NEWS,
): ReminderMailContent {
  const bills = parts.flatMap((part) => part.content);
  const first = bills[0] as BillOccurrence;
  const subject =
    (bills.length === 1
      ? `${first.creditorName} ${formatMoney(first.amountCents)} is due ${formatDisplayDate(first.dueDate)}`
      : billsSubject(bills, parts)) + inHousehold(parts);
  const heading = `${plural(bills.length, 'A bill is', `${bills.length} bills are`)} due soon`;
  return {
    subject,
    text: textMail(
      firstName,
      heading,
      partsText(parts, (own) => [...own.map(billLine), `Total: ${formatMoney(total(own))}`]),
      'BILLS_DUE_SOON',
      links,
      news,
    ),
    html: layout(firstName, heading, partsHtml(parts, billTable), 'BILLS_DUE_SOON', links, news),
  };
}

/** Past due: every unsettled, unpaid occurrence whose due date was yesterday. */
export function pastDueMail(
  firstName: string,
  parts: HouseholdPart<BillOccurrence[]>[],
  links: ReminderLinks,
  news: ReminderNews = NO_NEWS,
): ReminderMailContent {
  const bills = parts.flatMap((part) => part.content);
  const first = bills[0] as BillOccurrence;
  const subject =
    (bills.length === 1
      ? `Past due: ${first.creditorName} ${formatMoney(first.amountCents)} was due ${formatDisplayDate(first.dueDate)}`
      : `Past due: ${bills.length} bills${parts.length > 1 ? ` in ${parts.length} households` : ''}, ${formatMoney(total(bills))}, were due ${formatDisplayDate(first.dueDate)}`) +
    inHousehold(parts);
  const heading = `${plural(bills.length, 'A bill was', `${bills.length} bills were`)} due yesterday and ${plural(bills.length, 'is', 'are')} not marked paid`;
  const advice = 'If you paid already, mark it paid on your dashboard so your true net income stays right.';
  return {
    subject,
    text: textMail(
      firstName,
      heading,
      [...partsText(parts, (own) => own.map(billLine)), '', advice],
      'PAST_DUE',
      links,
      news,
    ),
    html: layout(
      firstName,
      heading,
      `${partsHtml(parts, billTable)}<p style="margin:0">${escapeHtml(advice)}</p>`,
      'PAST_DUE',
      links,
      news,
    ),
  };
}

/** One household's digest: the pay expected, the bills before the next payday, net income, lowest balance. */
function digestFigures(digest: PaydayDigest) {
  const until = digest.nextIncomeDate
    ? `before your next payday, ${formatDisplayDate(digest.nextIncomeDate)}`
    : 'in the next 30 days';
  const figures: [string, string][] = [
    ['True net income this period', formatMoney(digest.netIncomeThisPeriodCents)],
    [
      'Lowest forecast balance',
      `${formatMoney(digest.lowestBalanceCents)} on ${formatDisplayDate(digest.lowestDate)}`,
    ],
  ];
  // The bills that come less often, in the hero's own words.
  if (digest.setAsideFrequencies.length > 0) {
    figures.splice(
      1,
      0,
      [setAsideSentence(digest.setAsideFrequencies), formatMoney(digest.netIncomeAfterSetAsideCents)],
      ['Held for bills that come less often', formatMoney(digest.heldForBillsCents)],
    );
  }
  const text = [
    `Pay expected today: ${formatMoney(digest.payTotalCents)}`,
    ...digest.pay.map((pay) => `- ${pay.sourceName}  ${formatMoney(pay.amountCents)}`),
    '',
    `Bills due ${until}:`,
    ...(digest.bills.length ? digest.bills.map(billLine) : ['- none']),
    `Total: ${formatMoney(digest.billsTotalCents)}`,
    '',
    ...figures.map(([label, value]) => `${label}: ${value}`),
  ];
  const negative = (value: string) => (value.startsWith('-') ? `color:${BRAND.danger};` : '');
  const html = `<p style="margin:0 0 8px"><strong>Pay expected today: ${escapeHtml(formatMoney(digest.payTotalCents))}</strong></p>
<ul style="margin:0 0 16px;padding-left:20px">${digest.pay.map((pay) => `<li>${escapeHtml(pay.sourceName)}: ${escapeHtml(formatMoney(pay.amountCents))}</li>`).join('')}</ul>
<p style="margin:0 0 8px"><strong>Bills due ${escapeHtml(until)}</strong></p>
${digest.bills.length ? billTable(digest.bills) : '<p style="margin:0 0 16px">None.</p>'}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">
${figures.map(([label, value]) => `<tr><td style="${CELL}">${escapeHtml(label)}</td><td style="${CELL};text-align:right;font-weight:bold;${negative(value)}">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>`;
  return { text, html };
}

/** The payday digest of each household where pay is expected today. */
export function paydayDigestMail(
  firstName: string,
  parts: HouseholdPart<PaydayDigest>[],
  links: ReminderLinks,
  news: ReminderNews = NO_NEWS,
): ReminderMailContent {
  const [only] = parts;
  const payTotal = parts.reduce((sum, part) => sum + part.content.payTotalCents, 0);
  const subject =
    parts.length === 1 && only
      ? `Payday: ${formatMoney(only.content.payTotalCents)} expected today, true net income ${formatMoney(only.content.netIncomeThisPeriodCents)}${inHousehold(parts)}`
      : `Payday: ${formatMoney(payTotal)} expected today in ${parts.length} households`;
  const heading = 'Your payday digest';
  const blocks = parts.map((part) => ({ ...part, content: digestFigures(part.content) }));
  return {
    subject,
    text: textMail(
      firstName,
      heading,
      partsText(blocks, (block) => block.text),
      'PAYDAY_DIGEST',
      links,
      news,
    ),
    html: layout(
      firstName,
      heading,
      partsHtml(blocks, (block) => block.html),
      'PAYDAY_DIGEST',
      links,
      news,
    ),
  };
}

/**
 * A budget alert of its own: pushed to the account's devices when no other reminder goes out that
 * day, never e-mailed (the e-mail waits for the next reminder). Its subject is the push's title.
 */
export function budgetAlertReminder(
  firstName: string,
  lines: readonly string[],
  links: ReminderLinks,
): ReminderMailContent {
  const heading = lines.length === 1 ? 'A budget to look at' : `${lines.length} budgets to look at`;
  const news = { bank: [], budgets: lines };
  return {
    subject: heading,
    text: textMail(firstName, heading, [], 'BUDGET_ALERT', links, news),
    html: layout(firstName, heading, '', 'BUDGET_ALERT', links, news),
  };
}
