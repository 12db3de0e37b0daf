import { Send } from 'lucide-react';
import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../../domain/messaging/messaging-rules';
import { MESSAGES_PAGE as M } from '../../../domain/messaging/messaging-page-messages';
import { Button } from '../../components/ui/button';

/** The counter shows from this many characters before the limit. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;

/**
 * Where the viewer writes: Enter sends, Shift+Enter starts a new line (so does Enter while an
 * input method composes). The text is the caller's, so a failed send can give it back.
 */
export function Composer({
  text,
  onText,
  onSend,
  sending,
  error,
}: {
  text: string;
  onText: (text: string) => void;
  onSend: () => void;
  sending: boolean;
  error: string | null;
}) {
  const id = useId();
  const counterId = `${id}-count`;
  const errorId = `${id}-error`;
  const canSend = text.trim().length > 0 && !sending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  const describedBy = [text.length >= COUNTER_FROM ? counterId : '', error ? errorId : '']
    .filter(Boolean)
    .join(' ');

  return (
    <form
      onSubmit={submit}
      className="border-t border-slate-200 p-3 sm:px-5 dark:border-slate-800"
      noValidate
    >
      {error && (
        <p id={errorId} role="alert" className="mb-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="sr-only">
            {M.composerLabel}
          </label>
          <textarea
            id={id}
            value={text}
            rows={2}
            maxLength={MESSAGE_MAX_LENGTH}
            aria-describedby={describedBy || undefined}
            onChange={(event) => onText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={M.composerLabel}
            className="block max-h-40 min-h-11 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
        <Button type="submit" disabled={!canSend}>
          <Send aria-hidden className="h-4 w-4" />
          {M.send}
        </Button>
      </div>
      {text.length >= COUNTER_FROM && (
        <p
          id={counterId}
          aria-live="polite"
          className={`mt-1 text-right text-xs ${
            text.length >= MESSAGE_MAX_LENGTH
              ? 'text-red-600 dark:text-red-400'
              : 'text-slate-600 dark:text-slate-400'
          }`}
        >
          {M.charactersLeft(MESSAGE_MAX_LENGTH - text.length)}
        </p>
      )}
    </form>
  );
}
