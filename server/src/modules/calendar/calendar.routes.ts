import {
  addDays,
  FEED_DAYS_BACK,
  todayInZone,
  type HistoryEntry,
  type IsoDate,
  type PaymentKind,
} from '@truenet/core';
import { acrossHouseholds, answerForHousehold } from '../../db/household-wall';
import { queryRows } from '../../db/sql';
import { Router } from 'express';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { consumeRateLimits, RATE_LIMITS } from '../../rate-limit';
import { loadFinanceSnapshot } from '../analysis/analysis.service';
import { analysisIncomeSource } from '../income/income.rows';
import { analysisLiability } from '../liabilities/liabilities.rows';
import { calendarFeed } from './calendar-feed';
import { FEED_PATH, feedBySecret, hashFeedSecret, recordFeedUse } from './calendar-feeds.service';

const SECRET = /^cal_[A-Za-z0-9_-]{43}$/;

/** The payment history in the feed's window: settled (at the amount paid) and skipped occurrences. */
async function feedHistory(deps: AppDeps, householdId: string, today: IsoDate): Promise<HistoryEntry[]> {
  const rows = await queryRows<{
    liability_id: number;
    due_date: string;
    kind: PaymentKind;
    amount_cents: string;
  }>(
    deps.dataSource,
    `SELECT liability_id, due_date::text AS due_date, kind, amount_cents FROM liability_payment
      WHERE household_id = $1 AND liability_id IS NOT NULL AND due_date >= $2`,
    [householdId, addDays(today, -FEED_DAYS_BACK)],
  );
  return rows.map((row) => ({
    liabilityId: String(row.liability_id),
    dueDate: row.due_date,
    kind: row.kind,
    amountCents: Number(row.amount_cents),
  }));
}

/**
 * `GET /calendar/<secret>.ics` (docs/product-rules.md §9). The secret opens this feed and nothing else: it is
 * looked up only here (never as a bearer credential). Unknown or revoked: 404. Rate limited per
 * client IP and per feed. Readable whatever the subscription state. ETag / If-None-Match → 304.
 */
export function calendarRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get(`${FEED_PATH}/:file`, async (req, res, next) => {
    try {
      res.setHeader('Cache-Control', 'private, no-cache');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.setHeader('X-Robots-Tag', 'noindex');
      const file = String(req.params.file);
      const secret = file.endsWith('.ics') ? file.slice(0, -4) : '';
      await consumeRateLimits(deps.dataSource, [
        [RATE_LIMITS.calendarFeedIp, req.ip ?? 'unknown'],
        ...(SECRET.test(secret) ? [[RATE_LIMITS.calendarFeed, hashFeedSecret(secret)] as const] : []),
      ] as Parameters<typeof consumeRateLimits>[1]);
      // The secret names the household: it is read before the request answers for one.
      const feed = SECRET.test(secret)
        ? await acrossHouseholds(() => feedBySecret(deps.dataSource, secret))
        : null;
      if (!feed) return void res.status(404).type('text').send('Calendar not found');
      answerForHousehold(feed.householdId);
      const today = todayInZone(deps.clock.now(), feed.timeZone ?? 'UTC');
      const snapshot = await loadFinanceSnapshot(deps.dataSource, feed.householdId, today);
      const { etag, render } = calendarFeed({
        today,
        history: await feedHistory(deps, feed.householdId, today),
        liabilities: snapshot.liabilities.map(analysisLiability),
        incomeSources: snapshot.incomeSources.map(analysisIncomeSource),
        includeAmounts: feed.includeAmounts,
      });
      if (feed.stale) await recordFeedUse(deps.dataSource, feed.feedId);
      res.setHeader('ETag', etag);
      if (req.headers['if-none-match'] === etag) return void res.status(304).end();
      res
        .type('text/calendar; charset=utf-8')
        .setHeader('Content-Disposition', 'inline; filename="truenet.ics"');
      res.send(render());
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') {
        const retryAfter = error.details.retryAfterSeconds;
        if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
        return void res.status(429).type('text').send('Too many requests');
      }
      next(error);
    }
  });
  return router;
}
