import { Ban, MoreVertical } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { ConversationView } from '../../../contracts/messaging.contract';
import { MESSAGES_PAGE as M } from '../../../domain/messaging/messaging-page-messages';
import { ConfirmDialog } from '../../components/ui/dialog';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useDismiss } from '../../lib/use-dismiss';
import { useBlock } from './messaging-api';

/** The thread's menu: block the conversation, or unblock it, each after a confirmation. */
export function ThreadMenu({ conversation }: { conversation: ConversationView }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const block = useBlock(conversation.id);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const { name } = conversation.counterpart;
  const blocking = !conversation.blockedByMe;

  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open, wrapper, (how) => {
    setOpen(false);
    if (how === 'escape') button.current?.focus();
  });

  const confirm = () =>
    block.mutate(blocking, {
      onSuccess: () => setConfirming(false),
      onError: (error) => notify.error(messageOf(error, M.blockFailed), 'block-conversation'),
    });

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={M.threadMenu}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <MoreVertical aria-hidden className="h-5 w-5" />
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute top-full right-0 z-20 mt-1 w-44 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setConfirming(true);
              }}
              className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              <Ban aria-hidden className="h-4 w-4" />
              {blocking ? M.block : M.unblock}
            </button>
          </li>
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        title={blocking ? M.blockTitle(name) : M.unblockTitle(name)}
        message={blocking ? M.blockBody : M.unblockBody}
        confirmLabel={blocking ? M.block : M.unblock}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
        busy={block.isPending}
      />
    </div>
  );
}
