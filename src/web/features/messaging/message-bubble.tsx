import { Flag, ShieldAlert } from 'lucide-react';
import type { MessageView } from '../../../contracts/messaging.contract';
import { linkify, MESSAGE_LINK_REL } from '../../../domain/messaging/links';
import { MESSAGES_PAGE as M } from '../../../domain/messaging/messaging-page-messages';
import { clockTime } from '../../lib/lesson-time';

/** A message's text with its http(s) addresses as links that open in a new tab. */
function MessageText({ body, own }: { body: string; own: boolean }) {
  return (
    <p className="break-words whitespace-pre-wrap">
      {linkify(body).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel={MESSAGE_LINK_REL}
            className={`underline underline-offset-2 ${own ? 'text-white' : 'text-indigo-700 dark:text-indigo-300'}`}
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

const bubbleBase = 'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm sm:max-w-[70%]';
const ownBubble = 'rounded-br-md bg-indigo-600 text-white';
const theirBubble =
  'rounded-bl-md bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100';

/**
 * One message: the viewer's on the right, the other's on the left with a Report button.
 * `seen`: the read receipt under the viewer's latest message once the other has read it.
 */
export function MessageBubble({
  message,
  own,
  seen,
  zone,
  onReport,
}: {
  message: MessageView;
  own: boolean;
  seen: boolean;
  zone: string;
  onReport: (message: MessageView) => void;
}) {
  return (
    <li
      data-testid="message"
      className={`flex flex-col gap-1 ${own ? 'items-end' : 'items-start'}`}
    >
      <div className={`flex items-end gap-1 ${own ? 'flex-row-reverse' : ''}`}>
        <div className={`${bubbleBase} ${own ? ownBubble : theirBubble}`}>
          <MessageText body={message.body} own={own} />
        </div>
        {!own && (
          <button
            type="button"
            aria-label={M.reportMessageLabel}
            title={M.reportMessageLabel}
            onClick={() => onReport(message)}
            className="rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200"
          >
            <Flag aria-hidden className="h-3.5 w-3.5" />
          </button>
        )}
      </div>
      {message.masked && (
        <p className="flex items-center gap-1 px-1 text-xs text-slate-600 dark:text-slate-400">
          <ShieldAlert aria-hidden className="h-3.5 w-3.5 shrink-0" />
          {M.maskedMessage}
        </p>
      )}
      <p className="flex items-center gap-2 px-1 text-xs text-slate-500 dark:text-slate-400">
        <time dateTime={message.sentAt}>{clockTime(message.sentAt, zone)}</time>
        {seen && <span className="font-medium">{M.seen}</span>}
      </p>
    </li>
  );
}

/** The viewer's message on its way to the server. */
export function PendingBubble({ body }: { body: string }) {
  return (
    <li data-testid="message" className="flex flex-col items-end gap-1" aria-busy>
      <div className={`${bubbleBase} ${ownBubble}`}>
        <MessageText body={body} own />
      </div>
      <p className="px-1 text-xs text-slate-500 dark:text-slate-400">{M.sending}</p>
    </li>
  );
}
