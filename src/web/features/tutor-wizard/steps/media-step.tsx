import { useState } from 'react';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../../domain/messages';
import { mediaSchema } from '../../../../domain/tutors/tutor-profile-rules';
import { PhotoField } from '../../../components/images/photo-field';
import { ChoiceChip } from '../../../components/ui/choice-chip';
import { TextField } from '../../../components/ui/text-field';
import { VIDEO_ASPECTS, VideoEmbed, type VideoAspect } from '../../../components/video/video-embed';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { FieldError } from '../../../components/ui/labelled-field';
import { StepShell } from '../step-shell';
import type { StepProps } from '../step-props';
import { useStepForm } from '../use-step-form';
import { wizardApi } from '../wizard-api';

export function MediaStep({ initial, onSave, avatarUrl, ...shell }: StepProps) {
  const { form, submit, ...state } = useStepForm(
    mediaSchema,
    { avatarPath: '', videoUrl: '', ...initial },
    onSave,
  );
  const { errors } = form.formState;
  const [photoUrl, setPhotoUrl] = useState<string | null>(avatarUrl);
  const [aspect, setAspect] = useState<VideoAspect>('16:9');
  const videoUrl = form.watch('videoUrl') ?? '';
  const avatarPath = form.watch('avatarPath');

  const upload = async (image: Blob) => {
    const stored = await wizardApi.uploadAvatar(image);
    form.setValue('avatarPath', stored.path, { shouldValidate: true, shouldDirty: true });
    setPhotoUrl(stored.url);
    notify.success(M.imageUploaded);
  };

  const removePhoto = async () => {
    if (!avatarPath) return;
    try {
      await wizardApi.deleteFile(avatarPath);
      form.setValue('avatarPath', '', { shouldValidate: true, shouldDirty: true });
      setPhotoUrl(null);
    } catch (error) {
      notify.error(messageOf(error, M.deleteFailed));
    }
  };

  return (
    <StepShell {...shell} {...state} onSubmit={submit}>
      <section aria-labelledby="photo-heading" className="space-y-3">
        <h3 id="photo-heading" className="font-semibold">
          Profile photo
        </h3>
        <PhotoField
          photoUrl={photoUrl}
          onUpload={upload}
          onRemove={removePhoto}
          hint="JPEG, PNG or WebP, up to 5 MB. A clear, friendly photo of your face works best."
        />
        <FieldError message={errors.avatarPath?.message} />
      </section>

      <section aria-labelledby="video-heading" className="space-y-3">
        <h3 id="video-heading" className="font-semibold">
          Introduction video
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Record a 2-3 minute video introducing yourself and your teaching, upload it to YouTube or
          Vimeo, and paste its link here.
        </p>
        <TextField
          label="Video URL"
          type="url"
          placeholder="https://www.youtube.com/watch?v=..."
          error={errors.videoUrl?.message}
          {...form.register('videoUrl')}
        />
        <div className="flex items-center gap-2" role="group" aria-label="Preview shape">
          {(Object.keys(VIDEO_ASPECTS) as VideoAspect[]).map((option) => (
            <ChoiceChip key={option} pressed={aspect === option} onClick={() => setAspect(option)}>
              {option}
            </ChoiceChip>
          ))}
        </div>
        <div className="max-w-xl">
          <VideoEmbed url={videoUrl} aspect={aspect} />
        </div>
      </section>
    </StepShell>
  );
}
