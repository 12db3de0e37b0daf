import { CalendarPlus, Copy } from 'lucide-react';
import { useRef } from 'react';
import { CALENDAR_FEED_MESSAGES as M } from '../../../domain/messages';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { notify } from '../../lib/notify';

/**
 * The feed's webcal:// link, just made: to copy into a calendar app, or to open there
 * (Subscribe). Shown only now: the server keeps a hash of it, not the link.
 */
export function FeedLink({ webcalUrl }: { webcalUrl: string }) {
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      // No clipboard (an insecure origin, an old browser) or no permission: say so, and
      // select the link so that one keystroke copies it.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(webcalUrl);
      notify.success(M.copied);
    } catch {
      input.current?.select();
      notify.error(M.copyFailed);
    }
  }

  return (
    <div className="space-y-3">
      <TextField
        ref={input}
        label={M.linkLabel}
        value={webcalUrl}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        className="[&_input]:font-mono"
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={copy}>
          <Copy aria-hidden className="h-4 w-4" />
          {M.copy}
        </Button>
        {/* webcal: opens the calendar app, which subscribes (a browser would download). */}
        <ButtonLink to={webcalUrl}>
          <CalendarPlus aria-hidden className="h-4 w-4" />
          {M.subscribe}
        </ButtonLink>
      </div>
    </div>
  );
}
