import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { AccountView } from '../../../contracts/account.contract';
import {
  profileSettingsSchema,
  type ProfileSettingsInput,
} from '../../../domain/accounts/account-settings-rules';
import { SETTINGS_MESSAGES as M, TUTOR_PROFILE_MESSAGES as T } from '../../../domain/messages';
import { browserTimeZone, TimezoneSelect } from '../../components/availability/timezone-select';
import { PhotoField } from '../../components/images/photo-field';
import { Button } from '../../components/ui/button';
import { NameFields } from '../../components/ui/name-fields';
import { messageOf } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { useAccountActions } from './settings-api';
import { SectionCard } from './section-card';

/** Photo, name and timezone. */
export function ProfileSection({ account }: { account: AccountView }) {
  const actions = useAccountActions();
  const form = useForm<ProfileSettingsInput>({
    resolver: zodResolver(profileSettingsSchema),
    defaultValues: {
      firstName: account.firstName,
      lastName: account.lastName,
      timezone: account.timezone ?? browserTimeZone(),
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await actions.saveProfile(values);
      form.reset({
        firstName: saved.firstName,
        lastName: saved.lastName,
        timezone: values.timezone,
      });
      notify.success(M.profileSaved);
    } catch (error) {
      applyServerErrors(error, form.setError);
      notify.error(messageOf(error, M.updateFailed));
    }
  });

  const removePhoto = async () => {
    try {
      await actions.removePhoto();
      notify.success(M.photoRemoved);
    } catch (error) {
      notify.error(messageOf(error, T.deleteFailed));
    }
  };

  return (
    <SectionCard id="settings-profile" title="Profile">
      <div className="space-y-6">
        <PhotoField
          photoUrl={account.avatarUrl}
          onUpload={async (image) => {
            await actions.uploadPhoto(image);
            notify.success(M.photoSaved);
          }}
          onRemove={removePhoto}
          hint="JPEG, PNG or WebP, up to 5 MB."
        />
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <NameFields register={form.register} errors={errors} />
          <Controller
            control={form.control}
            name="timezone"
            render={({ field }) => (
              <TimezoneSelect
                value={field.value}
                onChange={field.onChange}
                error={errors.timezone?.message}
              />
            )}
          />
          {account.role === 'tutor' && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              Your weekly availability keeps the timezone you teach in; change it with your
              availability in your tutor profile.
            </p>
          )}
          <Button type="submit" disabled={isSubmitting}>
            Save changes
          </Button>
        </form>
      </div>
    </SectionCard>
  );
}
