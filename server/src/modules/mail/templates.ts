import { escapeHtml } from '@truenet/core';
import { BRAND, FONT_STACK, WORDMARK } from './brand';
import type { MailMessage } from './mailer';

/**
 * The account e-mails, each in plain text and HTML. Every value put into the HTML is escaped:
 * names are typed by people.
 */
export interface Recipient {
  email: string;
  firstName: string;
}

const PRODUCT = 'TrueNet';

function htmlPage(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('\n');
  return `<!doctype html>
<html><body style="font-family:${FONT_STACK};font-size:16px;color:${BRAND.ink};line-height:1.5">
<p style="margin:0 0 16px">${WORDMARK}</p>
${body}
<p style="margin:24px 0 0;color:${BRAND.muted};font-size:13px">${PRODUCT}: your true net income.</p>
</body></html>`;
}

function highlighted(value: string): string {
  return `<strong style="font-size:24px;letter-spacing:2px;font-family:monospace">${escapeHtml(value)}</strong>`;
}

export const VERIFICATION_CODE_SUBJECT = `Your ${PRODUCT} verification code`;
export const TEMPORARY_PASSWORD_SUBJECT = `Your ${PRODUCT} temporary password`;
export const EMAIL_CHANGED_SUBJECT = `Your ${PRODUCT} e-mail address was changed`;

/** The 6-digit code that verifies an e-mail address (sign-up, resend, e-mail change). */
export function verificationCodeMail(to: Recipient, code: string, validMinutes: number): MailMessage {
  const name = to.firstName;
  return {
    to: to.email,
    subject: VERIFICATION_CODE_SUBJECT,
    codes: [code],
    text: [
      `Hello ${name},`,
      '',
      `Your ${PRODUCT} verification code is: ${code}`,
      '',
      `Enter it on the Validate Email page within ${validMinutes} minutes. It works once.`,
      'If you did not ask for it, you can ignore this e-mail.',
    ].join('\n'),
    html: htmlPage([
      `Hello ${escapeHtml(name)},`,
      `Your ${PRODUCT} verification code is:<br>${highlighted(code)}`,
      `Enter it on the Validate Email page within ${validMinutes} minutes. It works once.`,
      'If you did not ask for it, you can ignore this e-mail.',
    ]),
  };
}

/** A temporary password, valid beside the old one; signing in with it leads to Change Password. */
export function temporaryPasswordMail(to: Recipient, password: string, validMinutes: number): MailMessage {
  const name = to.firstName;
  return {
    to: to.email,
    subject: TEMPORARY_PASSWORD_SUBJECT,
    codes: [password],
    text: [
      `Hello ${name},`,
      '',
      `Your ${PRODUCT} temporary password is: ${password}`,
      '',
      `It works for ${validMinutes} minutes. Sign in with it and choose a new password.`,
      'Your old password keeps working: if you did not ask for this, ignore this e-mail.',
    ].join('\n'),
    html: htmlPage([
      `Hello ${escapeHtml(name)},`,
      `Your ${PRODUCT} temporary password is:<br>${highlighted(password)}`,
      `It works for ${validMinutes} minutes. Sign in with it and choose a new password.`,
      'Your old password keeps working: if you did not ask for this, ignore this e-mail.',
    ]),
  };
}

/** Told to the old address when the account's e-mail changes, so a hijack does not go unnoticed. */
export function emailChangedMail(oldAddress: Recipient, newEmail: string, supportEmail: string): MailMessage {
  const name = oldAddress.firstName;
  return {
    to: oldAddress.email,
    subject: EMAIL_CHANGED_SUBJECT,
    text: [
      `Hello ${name},`,
      '',
      `The e-mail address of your ${PRODUCT} account was changed to ${newEmail}.`,
      'A verification code was sent to the new address.',
      `If you did not make this change, contact us at ${supportEmail}.`,
    ].join('\n'),
    html: htmlPage([
      `Hello ${escapeHtml(name)},`,
      `The e-mail address of your ${PRODUCT} account was changed to <strong>${escapeHtml(newEmail)}</strong>.`,
      'A verification code was sent to the new address.',
      `If you did not make this change, contact us at ${escapeHtml(supportEmail)}.`,
    ]),
  };
}

export interface HouseholdInvitation {
  to: string;
  invitedBy: string;
  householdName: string;
  /** 'editor' or 'viewer'. */
  role: string;
  link: string;
  validDays: number;
}

/** An invitation to share a household's money: who invites, to what, as what, and the link. */
export function householdInvitationMail(invitation: HouseholdInvitation): MailMessage {
  const { invitedBy, householdName, role, link, validDays } = invitation;
  const can = role === 'viewer' ? 'see' : 'see and update';
  return {
    to: invitation.to,
    subject: `${invitedBy} invites you to ${householdName} on ${PRODUCT}`,
    text: [
      'Hello,',
      '',
      `${invitedBy} invites you to join ${householdName} on ${PRODUCT} as ${role === 'viewer' ? 'a viewer' : 'an editor'}:`,
      `you will ${can} its wallets, income and bills. You need no subscription of your own.`,
      '',
      `Accept within ${validDays} days: ${link}`,
      '',
      'The link works once, for this e-mail address only. If you did not expect it, you can ignore this e-mail.',
    ].join('\n'),
    html: htmlPage([
      'Hello,',
      `<strong>${escapeHtml(invitedBy)}</strong> invites you to join <strong>${escapeHtml(householdName)}</strong> on ${PRODUCT} as ${role === 'viewer' ? 'a viewer' : 'an editor'}: you will ${can} its wallets, income and bills. You need no subscription of your own.`,
      `<a href="${escapeHtml(link)}">Accept the invitation</a> within ${validDays} days.`,
      'The link works once, for this e-mail address only. If you did not expect it, you can ignore this e-mail.',
    ]),
  };
}

/** A contact-form message, sent to support with the sender as the reply-to address. */
export function contactMessageMail(
  supportEmail: string,
  sender: { senderName: string; senderEmail: string; message: string },
): MailMessage {
  return {
    to: supportEmail,
    replyTo: sender.senderEmail,
    subject: `Contact form: message from ${sender.senderName}`,
    text: [`From: ${sender.senderName} <${sender.senderEmail}>`, '', sender.message].join('\n'),
    html: htmlPage([
      `From: ${escapeHtml(sender.senderName)} &lt;${escapeHtml(sender.senderEmail)}&gt;`,
      escapeHtml(sender.message).replace(/\n/g, '<br>'),
    ]),
  };
}

/** The changes to how an account signs in that its owner is told of (docs/product-rules.md §10). */
export type SignInSecurityChange =
  | { kind: 'two_factor_enabled' }
  | { kind: 'two_factor_disabled' }
  | { kind: 'recovery_code_used'; codesLeft: number }
  | { kind: 'passkey_added'; passkeyName: string };

export const SIGN_IN_SECURITY_SUBJECTS: Record<SignInSecurityChange['kind'], string> = {
  two_factor_enabled: `Two-factor sign-in is on for your ${PRODUCT} account`,
  two_factor_disabled: `Two-factor sign-in was turned off for your ${PRODUCT} account`,
  recovery_code_used: `A recovery code was used to sign in to ${PRODUCT}`,
  passkey_added: `A passkey was added to your ${PRODUCT} account`,
};

function securityChangeLine(change: SignInSecurityChange): string {
  switch (change.kind) {
    case 'two_factor_enabled':
      return 'Two-factor sign-in was turned on: signing in now needs a code from your authenticator app (or a recovery code) after your password.';
    case 'two_factor_disabled':
      return 'Two-factor sign-in was turned off: your password alone signs in again.';
    case 'recovery_code_used':
      return `One of your recovery codes was just used to sign in. ${change.codesLeft} unused ${change.codesLeft === 1 ? 'code remains' : 'codes remain'}.`;
    case 'passkey_added':
      return `A passkey named "${change.passkeyName}" was added: it can now sign in to your account without the password.`;
  }
}

/** Told to the owner whenever the way into the account changes, so a takeover does not go unnoticed. */
export function signInSecurityMail(
  to: Recipient,
  change: SignInSecurityChange,
  supportEmail: string,
): MailMessage {
  const line = securityChangeLine(change);
  const ifNotYou = `If this was not you, change your password now and contact us at ${supportEmail}.`;
  return {
    to: to.email,
    subject: SIGN_IN_SECURITY_SUBJECTS[change.kind],
    text: [`Hello ${to.firstName},`, '', line, ifNotYou].join('\n'),
    html: htmlPage([`Hello ${escapeHtml(to.firstName)},`, escapeHtml(line), escapeHtml(ifNotYou)]),
  };
}
