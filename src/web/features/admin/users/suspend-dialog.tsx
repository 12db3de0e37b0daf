import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { AdminUserDetail } from '../../../../contracts/admin-users.contract';
import {
  REASON_MAX,
  restoreUserSchema,
  type RestoreUserInput,
} from '../../../../domain/admin/user-admin-rules';
import { ADMIN_USERS_MESSAGES as M } from '../../../../domain/messages';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSuspension } from './admin-users-api';

// Suspending (or restoring) a user, said plainly before it happens: their sessions end, their
// future lessons are canceled and refunded, a tutor leaves search. A reason is required: the user
// reads it when signing in is refused, and the audit log keeps it.

export function SuspendDialog({
  user,
  open,
  onClose,
}: {
  user: AdminUserDetail;
  open: boolean;
  onClose: () => void;
}) {
  const action = user.status === 'suspended' ? 'restore' : 'suspend';
  const suspension = useSuspension(user.id);
  // Both actions take only a reason; the schema is the same one the server checks.
  const form = useForm<RestoreUserInput>({
    resolver: zodResolver(restoreUserSchema),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit(async (body) => {
    const toastId = notify.loading(action === 'suspend' ? M.suspending : M.restoring);
    try {
      await suspension.mutateAsync({ action, body });
      notify.success(action === 'suspend' ? M.suspended : M.restored, toastId);
      close();
    } catch (error) {
      notify.error(
        messageOf(error, action === 'suspend' ? M.suspendFailed : M.restoreFailed),
        toastId,
      );
    }
  });
  const formId = `suspension-${user.id}`;

  return (
    <Dialog
      open={open}
      onClose={close}
      title={action === 'suspend' ? M.suspendTitle(user.name) : M.restoreTitle(user.name)}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {M.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={isSubmitting}>
            {isSubmitting
              ? action === 'suspend'
                ? M.suspending
                : M.restoring
              : action === 'suspend'
                ? M.suspend
                : M.restore}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {action === 'suspend' ? M.suspendWhat(user.futureLessons) : M.restoreWhat}
        </p>
        <TextAreaField
          label={M.reasonLabel}
          hint={action === 'suspend' ? M.reasonHint : M.restoreReasonHint}
          error={errors.reason?.message}
          maxLength={REASON_MAX}
          required
          controlClassName="min-h-24"
          {...form.register('reason')}
        />
      </form>
    </Dialog>
  );
}
