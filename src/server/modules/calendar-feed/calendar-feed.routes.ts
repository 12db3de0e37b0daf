import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/calendar-feed.contract';
import { route } from '../../http/route';
import { requireUser, signedInUser } from '../auth/auth.guards';
import { createFeed, feedFile, feedStatus, revokeFeed } from './calendar-feed';

/** What calendar apps are told the feed is (it is read by them, not by the app's pages). */
const FEED_HEADERS = {
  'content-type': 'text/calendar; charset=utf-8',
  // The feed is one person's lessons behind a secret link: no shared cache may keep it, and
  // a revoked link must stop answering at once, so nothing keeps it at all.
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex, nofollow',
  'content-disposition': 'inline; filename="tutora-lessons.ics"',
};

export const calendarFeedRoutes: FastifyPluginAsync = async (app) => {
  // The feed's address is its secret: its requests are not written to the info log (which
  // records every URL); failures still are.
  app.addHook('onRoute', (options) => {
    if (options.url === contract.getCalendarFeedFile.path) options.logLevel = 'warn';
  });
  const ctx = () => ({
    db: app.deps.db,
    clock: app.deps.clock,
    publicUrl: app.deps.env.PUBLIC_URL,
  });
  const signedIn = { tags: ['calendar feed'], preHandler: requireUser };

  route(app, contract.getCalendarFeed, signedIn, async (request) =>
    feedStatus(ctx(), signedInUser(request).id),
  );

  route(app, contract.createCalendarFeed, signedIn, async (request) =>
    createFeed(ctx(), signedInUser(request).id),
  );

  route(app, contract.revokeCalendarFeed, signedIn, async (request) => {
    await revokeFeed(ctx(), signedInUser(request).id);
    return null;
  });

  route(app, contract.getCalendarFeedFile, { tags: ['calendar feed'] }, async (request, reply) => {
    // Set first, so that the 404 of an unknown or revoked link is not kept by any cache either.
    reply.header('cache-control', FEED_HEADERS['cache-control']);
    const file = await feedFile(ctx(), request.params.token);
    return reply.headers(FEED_HEADERS).send(file);
  });
};
