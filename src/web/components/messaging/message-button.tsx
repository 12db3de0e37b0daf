import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { openConversation } from '../../../contracts/messaging.contract';
import { MESSAGES_PAGE as M } from '../../../domain/messaging/messaging-page-messages';
import { call, messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/query-keys';
import { Button } from '../ui/button';

// The Message button (issue #16) on a tutor's card and profile and on the tutor's My Students:
// it opens (or finds) the pair's conversation and goes to it. Among the shared components so
// each feature uses it without importing the messaging feature.

/** A student writes to a tutor (their profile id); a tutor to a student (their user id). */
export type MessageTarget = { tutorId: string } | { studentId: string };

export function MessageButton({
  target,
  label,
  variant = 'secondary',
  className,
}: {
  target: MessageTarget;
  /** The accessible name when the visible 'Message' is not enough ('Message Ada Lovelace'). */
  label?: string;
  variant?: 'primary' | 'secondary' | 'ghost';
  className?: string;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const role = 'tutorId' in target ? 'student' : 'tutor';
  const open = useMutation({
    mutationFn: () => call(openConversation, { body: target }),
    onSuccess: ({ conversation }) => {
      client.setQueryData(queryKeys.messaging.conversation(conversation.id), conversation);
      void client.invalidateQueries({ queryKey: queryKeys.messaging.inboxAll });
      navigate(paths.conversation(role, conversation.id));
    },
    onError: (error) => notify.error(messageOf(error, M.openFailed), 'open-conversation'),
  });
  return (
    <Button
      variant={variant}
      className={className}
      aria-label={label}
      disabled={open.isPending}
      onClick={() => open.mutate()}
    >
      <MessageSquare aria-hidden className="h-4 w-4" />
      {M.messageButton}
    </Button>
  );
}
