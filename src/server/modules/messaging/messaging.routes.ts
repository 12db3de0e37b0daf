import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/messaging.contract';
import { route } from '../../http/route';
import { requireStudentOrTutor, requireUser, signedInUser } from '../auth/auth.guards';
import * as messaging from './messaging';

export const messagingRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  // Students and tutors message each other; an admin has no conversations (403).
  const options = { tags: ['messaging'], preHandler: requireStudentOrTutor };

  route(app, contract.openConversation, options, async (request, reply) => {
    const { created, conversation } = await messaging.openConversation(
      ctx(),
      signedInUser(request),
      request.body,
    );
    if (!created) reply.code(200);
    return { conversation };
  });
  route(app, contract.listConversations, options, async (request) =>
    messaging.conversationsOf(ctx(), signedInUser(request).id, request.query.page),
  );
  // Any signed-in user may ask (the header asks on every page): an admin simply has none.
  route(
    app,
    contract.getUnreadMessages,
    { tags: ['messaging'], preHandler: requireUser },
    async (request) => messaging.unreadOf(ctx(), signedInUser(request).id),
  );
  route(app, contract.getConversation, options, async (request) =>
    messaging.conversationOf(ctx(), signedInUser(request).id, request.params.id),
  );
  route(app, contract.listMessages, options, async (request) =>
    messaging.messagesOf(ctx(), signedInUser(request).id, request.params.id, request.query),
  );
  route(app, contract.sendMessage, options, async (request, reply) => {
    const { created, message } = await messaging.sendMessage(
      ctx(),
      signedInUser(request),
      request.params.id,
      request.body,
    );
    // A retry with the same clientId is answered with the first message.
    if (!created) reply.code(200);
    return { message };
  });
  route(app, contract.markConversationRead, options, async (request) =>
    messaging.markRead(ctx(), signedInUser(request).id, request.params.id, request.body.upToSeq),
  );
  route(app, contract.blockConversation, options, async (request) =>
    messaging.setBlocked(ctx(), signedInUser(request).id, request.params.id, true),
  );
  route(app, contract.unblockConversation, options, async (request) =>
    messaging.setBlocked(ctx(), signedInUser(request).id, request.params.id, false),
  );
};
