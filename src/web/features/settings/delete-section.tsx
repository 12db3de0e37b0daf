import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { ClosingSummary } from '../../../contracts/account.contract';
import {
  DELETE_WORD,
  deleteAccountSchema,
  type DeleteAccountInput,
} from '../../../domain/accounts/account-settings-rules';
import { SETTINGS_MESSAGES as M } from '../../../domain/messages';
import { formatMoney } from '../../../domain/money';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { TextField } from '../../components/ui/text-field';
import { messageOf } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { paths } from '../../lib/paths';
import { clearSession } from '../../lib/session';
import { useAccountActions, useClosingSummary } from './settings-api';
import { SectionCard } from './section-card';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What deleting does, in plain words, from the server's own count. */
export function closingFacts(summary: ClosingSummary, role: 'student' | 'tutor'): string[] {
  const money = summary.refunds.map((refund) => formatMoney(refund.amountCents, refund.currency));
  const lessons =
    summary.futureLessons === 0
      ? 'You have no future lessons.'
      : `Your ${plural(summary.futureLessons, 'future lesson')} will be canceled, and the ${
          role === 'student' ? 'tutor' : 'student'
        } of each is told by email.`;
  const credits =
    summary.unusedCredits > 0
      ? ` (including ${plural(summary.unusedCredits, 'unused package lesson')})`
      : '';
  const refunds =
    money.length === 0
      ? 'There is nothing to refund.'
      : role === 'student'
        ? `${money.join(' + ')} for paid future lessons${credits} goes back to your card in 5–10 business days.`
        : `Your students get ${money.join(' + ')} back for those lessons and unused lessons in packages with you.`;
  return [
    lessons,
    refunds,
    'Your name, email and photo are removed and you are signed out everywhere. Past lessons and payments stay in the other people’s records as “Deleted Account”.',
    'This cannot be undone.',
  ];
}

export function DeleteSection({
  role,
  hasPassword,
}: {
  role: 'student' | 'tutor';
  hasPassword: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <SectionCard
      id="settings-delete"
      title="Delete account"
      intro="Before anything happens, you see exactly what deleting does to your lessons and payments."
    >
      <Button
        className="bg-red-700 text-white hover:bg-red-800 dark:bg-red-700"
        onClick={() => setOpen(true)}
      >
        Delete account…
      </Button>
      {open && (
        <DeleteDialog role={role} hasPassword={hasPassword} onClose={() => setOpen(false)} />
      )}
    </SectionCard>
  );
}

function DeleteDialog({
  role,
  hasPassword,
  onClose,
}: {
  role: 'student' | 'tutor';
  hasPassword: boolean;
  onClose: () => void;
}) {
  const summary = useClosingSummary(true);
  const actions = useAccountActions();
  const client = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '', confirm: '' as typeof DELETE_WORD },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await actions.deleteAccount(hasPassword ? values : { confirm: values.confirm });
      clearSession(client);
      notify.success(M.accountDeleted);
      navigate(paths.signIn, { replace: true });
    } catch (error) {
      applyServerErrors(error, form.setError);
      notify.error(messageOf(error, M.updateFailed));
    }
  });

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!isSubmitting}
      title="Delete your account?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Keep my account
          </Button>
          <Button
            type="submit"
            form="delete-account-form"
            className="bg-red-700 text-white hover:bg-red-800 dark:bg-red-700"
            disabled={isSubmitting || !summary.isSuccess}
          >
            Delete my account
          </Button>
        </>
      }
    >
      {summary.isPending && <LoadingSkeleton label="Checking your lessons and payments" rows={3} />}
      {summary.isError && (
        <ErrorPanel message={M.updateFailed} onRetry={() => void summary.refetch()} />
      )}
      {summary.isSuccess && (
        <form id="delete-account-form" onSubmit={onSubmit} noValidate className="space-y-4">
          <ul className="list-disc space-y-1 pl-5 text-sm" aria-label="What deleting does">
            {closingFacts(summary.data, role).map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
          {hasPassword && (
            <TextField
              label="Your password"
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
          )}
          <TextField
            label={`Type ${DELETE_WORD} to confirm`}
            autoComplete="off"
            error={errors.confirm?.message}
            {...form.register('confirm')}
          />
        </form>
      )}
    </Dialog>
  );
}
