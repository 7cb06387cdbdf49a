import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../../deps';
import { BRAND, BUTTON_STYLE, FONT_STACK, WORDMARK } from '../mail/brand';
import { escapeHtml } from '@truenet/core';
import { KIND_LABEL } from './reminder-mails';
import { turnOffReminderKind } from './reminder-settings.service';
import { verifyUnsubscribeToken } from './unsubscribe-token';

export const UNSUBSCRIBE_PATH = '/reminders/unsubscribe';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · TrueNet</title><link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png"></head>
<body style="margin:0;padding:0 16px;background:${BRAND.surface};font-family:${FONT_STACK};color:${BRAND.ink};line-height:1.5">
<main style="max-width:520px;margin:48px auto;padding:24px;background:#fff;border:1px solid ${BRAND.rule};border-radius:8px">
<p style="margin:0 0 8px">${WORDMARK}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}

const INVALID_TEXT =
  'This unsubscribe link is not valid or has expired. Nothing was changed. Sign in and change your reminders on the Manage Account screen.';

/**
 * The one-click unsubscribe of the reminder e-mails (RFC 8058). The link needs no sign-in; its
 * signed token names the account and the kind. GET shows a page with a button (link scanners
 * fetch GET, so GET changes nothing); POST, from that button or from the mail client's
 * `List-Unsubscribe=One-Click`, turns that kind off. A forged or expired token changes nothing.
 */
export function unsubscribeRoutes(deps: AppDeps): Router {
  const router = Router();
  router.use(UNSUBSCRIBE_PATH, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  });
  const check = (req: Request) =>
    verifyUnsubscribeToken(deps.config.jwtSecret, req.query.token, deps.clock.now());
  const manageLink = `<p style="margin:16px 0 0"><a href="${escapeHtml(deps.config.appUrl)}/#/manageaccount" style="color:${BRAND.green}">Manage your reminders</a></p>`;
  const refuse = (res: Response) =>
    res
      .status(400)
      .type('html')
      .send(page('Link not valid', `<p>${escapeHtml(INVALID_TEXT)}</p>`));

  router.get(UNSUBSCRIBE_PATH, (req, res) => {
    const token = check(req);
    if (!token.ok) return void refuse(res);
    const label = KIND_LABEL[token.kind];
    res.type('html').send(
      page(
        `Unsubscribe from ${label}?`,
        `<p>You will stop getting TrueNet ${escapeHtml(label)} by e-mail. Your other reminders stay as they are.</p>
<form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(String(req.query.token))}">
<button type="submit" style="${BUTTON_STYLE};cursor:pointer">Unsubscribe</button>
</form>${manageLink}`,
      ),
    );
  });

  router.post(UNSUBSCRIBE_PATH, async (req, res, next) => {
    try {
      const token = check(req);
      if (!token.ok) return void refuse(res);
      await turnOffReminderKind(deps.dataSource, token.debtorId, token.kind);
      const label = KIND_LABEL[token.kind];
      res
        .type('html')
        .send(
          page(
            'You are unsubscribed',
            `<p>You will no longer get ${escapeHtml(label)} by e-mail.</p>${manageLink}`,
          ),
        );
    } catch (error) {
      next(error);
    }
  });
  return router;
}
