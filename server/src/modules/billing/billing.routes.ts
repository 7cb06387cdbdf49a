import { Router } from 'express';
import type { AppDeps } from '../../deps';

/** Webhooks, portal and cancel REST paths, and the offline checkout stand-in pages (issue 6). */
export function billingRoutes(_deps: AppDeps): Router {
  return Router();
}
