import type { FastifyPluginAsync } from 'fastify';
import {
  getUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../../contracts/notifications.contract';
import { route } from '../../http/route';
import { requireUser, signedInUser } from '../auth/auth.guards';
import * as notifications from './notifications';

export const notificationsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  const options = { tags: ['notifications'], preHandler: requireUser };

  route(app, listNotifications, options, async (request) =>
    notifications.notificationsOf(ctx(), signedInUser(request).id, request.query.page),
  );
  route(app, getUnreadNotifications, options, async (request) =>
    notifications.unreadCountOf(ctx(), signedInUser(request).id),
  );
  route(app, markNotificationRead, options, async (request) =>
    notifications.markNotificationRead(ctx(), signedInUser(request).id, request.params.id),
  );
  route(app, markAllNotificationsRead, options, async (request) =>
    notifications.markAllNotificationsRead(ctx(), signedInUser(request).id),
  );
};
