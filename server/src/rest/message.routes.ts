import { Router } from 'express';
import type { AppDeps } from '../deps';
import { sendContactMessage } from '../modules/contact/contact.service';
import { optionalUser } from '../policies';
import { bodyOf, policyContext } from './http';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The contact form's path of the REST paths (docs/product-rules.md §11) over the contact service (public). */
export function messageRoutes(deps: AppDeps): Router {
  const router = Router();

  router.post('/message/send-message', async (req, res) => {
    const body = bodyOf(req);
    const sender = await optionalUser(policyContext(deps, req));
    await sendContactMessage(
      deps,
      {
        senderName: text(body.senderName),
        senderEmail: text(body.senderEmail),
        message: text(body.message),
        honeypot: text(body.honeypot),
      },
      // A signed-in sender is linked to the message; the form is public.
      { debtorId: sender?.id ?? null, ip: req.ip ?? 'unknown' },
    );
    res.status(200).json({ message: 'Message Sent' });
  });

  return router;
}
