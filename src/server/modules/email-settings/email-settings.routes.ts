import type { FastifyPluginAsync } from 'fastify';
import {
  getNotificationSettings,
  updateNotificationSettings,
} from '../../../contracts/notification-settings.contract';
import { route } from '../../http/route';
import { requireUser, signedInUser } from '../auth/auth.guards';
import { emailSettingsOf, updateEmailSettings } from './email-settings';

export const emailSettingsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  const options = { tags: ['account'], preHandler: requireUser };

  route(app, getNotificationSettings, options, async (request) =>
    emailSettingsOf(ctx(), signedInUser(request).id),
  );
  route(app, updateNotificationSettings, options, async (request) =>
    updateEmailSettings(ctx(), signedInUser(request).id, request.body),
  );
};
