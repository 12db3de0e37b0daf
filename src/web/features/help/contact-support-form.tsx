import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  sendSupportMessage,
  SUPPORT_MESSAGE_MAX,
  supportMessageSchema,
  type SupportMessageInput,
} from '../../../contracts/help.contract';
import { HELP_MESSAGES as M } from '../../../domain/messages';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { CharacterCount } from '../../components/ui/character-count';
import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';
import { call, messageOf } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';

/**
 * Writes to support. The reply goes to the account's email (`replyTo`), which the server takes
 * from the session; the form only says where.
 */
export function ContactSupportForm({ replyTo }: { replyTo: string }) {
  const form = useForm<SupportMessageInput>({
    resolver: zodResolver(supportMessageSchema),
    defaultValues: { subject: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [sent, setSent] = useState(false);
  const length = form.watch('message').length;

  const onSubmit = form.handleSubmit(async (body) => {
    setSent(false);
    try {
      await call(sendSupportMessage, { body });
      form.reset();
      setSent(true);
    } catch (error) {
      applyServerErrors(error, form.setError);
      form.setError('root', { message: messageOf(error, M.sendFailed) });
    }
  });

  return (
    <form
      onSubmit={(event) => {
        form.clearErrors('root');
        void onSubmit(event);
      }}
      noValidate
      aria-labelledby="contact-title"
      className="space-y-4"
    >
      <div>
        <h2 id="contact-title" className="text-lg font-semibold">
          {M.contactTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{M.contactIntro(replyTo)}</p>
      </div>
      {sent && (
        <Banner kind="success" dismissible={false}>
          {M.sent}
        </Banner>
      )}
      {errors.root?.message && (
        <Banner kind="error" dismissible={false}>
          {errors.root.message}
        </Banner>
      )}
      <TextField label={M.subject} error={errors.subject?.message} {...form.register('subject')} />
      <TextAreaField
        label={M.message}
        rows={6}
        error={errors.message?.message}
        hint={<CharacterCount used={length} max={SUPPORT_MESSAGE_MAX} />}
        {...form.register('message')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? M.sending : M.send}
      </Button>
    </form>
  );
}
