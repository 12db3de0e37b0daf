import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import {
  confirmEmailSchema,
  newEmailSchema,
} from '../../../domain/accounts/account-settings-rules';
import { ACCOUNT_MESSAGES as A, SETTINGS_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { messageOf } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { useAccountActions } from './settings-api';
import { SectionCard } from './section-card';

/** A new address gets a 6-digit code; the email changes only once it is entered here. */
export function EmailSection({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [pending, setPending] = useState<string | null>(null);
  return (
    <SectionCard
      id="settings-email"
      title="Email address"
      intro={
        <>
          You sign in with <strong className="break-all">{email}</strong>. We send a code to the new
          address, and tell this one once it changes.
        </>
      }
    >
      {pending ? (
        <CodeForm newEmail={pending} onDone={() => setPending(null)} />
      ) : (
        <NewEmailForm hasPassword={hasPassword} onSent={setPending} />
      )}
    </SectionCard>
  );
}

function NewEmailForm({
  hasPassword,
  onSent,
}: {
  hasPassword: boolean;
  onSent: (email: string) => void;
}) {
  const actions = useAccountActions();
  const form = useForm<z.input<typeof newEmailSchema>, unknown, z.output<typeof newEmailSchema>>({
    resolver: zodResolver(newEmailSchema),
    defaultValues: { newEmail: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ newEmail, password }) => {
    try {
      await actions.requestEmailChange({ newEmail, ...(hasPassword && { password }) });
      notify.success(M.emailCodeSent);
      onSent(newEmail);
    } catch (error) {
      applyServerErrors(error, form.setError);
      notify.error(messageOf(error, M.updateFailed));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label="New email address"
        type="email"
        autoComplete="email"
        error={errors.newEmail?.message}
        {...form.register('newEmail')}
      />
      {hasPassword && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
      )}
      <Button type="submit" disabled={isSubmitting}>
        Send code
      </Button>
    </form>
  );
}

function CodeForm({ newEmail, onDone }: { newEmail: string; onDone: () => void }) {
  const actions = useAccountActions();
  const form = useForm<z.input<typeof confirmEmailSchema>>({
    resolver: zodResolver(confirmEmailSchema),
    defaultValues: { newEmail, code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await actions.confirmEmailChange(values);
      notify.success(M.emailChanged);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError);
      notify.error(messageOf(error, A.invalidVerificationCode));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm" role="status">
        Enter the 6-digit code we sent to <strong className="break-all">{newEmail}</strong>.
      </p>
      <TextField
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message}
        {...form.register('code')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          Confirm new email
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Use another address
        </Button>
      </div>
    </form>
  );
}
