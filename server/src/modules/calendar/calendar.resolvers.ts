import type { CalendarFeed, Resolvers } from '../../generated/graphql';
import { requireSessionMember, requireSessionUser } from '../../policies';
import {
  createCalendarFeed,
  feedUrl,
  listCalendarFeeds,
  revokeCalendarFeed,
  type CalendarFeedRow,
} from './calendar-feeds.service';

function presentCalendarFeed(row: CalendarFeedRow): CalendarFeed {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
    includeAmounts: row.include_amounts,
  };
}

/**
 * GraphQL adapters of the calendar feeds. Like API tokens, feeds are managed from a signed-in
 * session only; whatever the subscription state (reading is never held hostage).
 */
export const calendarResolvers: Resolvers = {
  Query: {
    calendarFeeds: async (_parent, _args, ctx) => {
      const user = await requireSessionUser(ctx);
      return (await listCalendarFeeds(ctx.deps.dataSource, user.id)).map(presentCalendarFeed);
    },
  },
  Mutation: {
    createCalendarFeed: async (_parent, { includeAmounts }, ctx) => {
      const member = await requireSessionMember(ctx);
      const { feed, secret } = await createCalendarFeed(ctx.deps.dataSource, member, includeAmounts ?? true);
      return {
        id: feed.id,
        url: feedUrl(ctx.deps.config.appUrl, secret),
        createdAt: feed.created_at.toISOString(),
      };
    },
    revokeCalendarFeed: async (_parent, { id }, ctx) => {
      const user = await requireSessionUser(ctx);
      await revokeCalendarFeed(ctx.deps.dataSource, user.id, id);
      return true;
    },
  },
};
