import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../../domain/messages';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../../../domain/tutors/tutor-options';
import { mediaSchema } from '../../../../domain/tutors/tutor-profile-rules';
import { Button } from '../../../components/ui/button';
import { ChoiceChip } from '../../../components/ui/choice-chip';
import { TextField } from '../../../components/ui/text-field';
import { VIDEO_ASPECTS, VideoEmbed, type VideoAspect } from '../../../components/video/video-embed';
import { messageOf } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { CropDialog } from '../crop-dialog';
import { cropToJpeg } from '../crop-image';
import { FieldError } from '../../../components/ui/labelled-field';
import { StepShell } from '../step-shell';
import type { StepProps } from '../step-props';
import { useStepForm } from '../use-step-form';
import { wizardApi } from '../wizard-api';

/** The spec's message for a file the server would refuse anyway, checked before uploading. */
function fileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return M.imageTypeInvalid;
  if (file.size > MAX_IMAGE_BYTES) return M.imageTooLarge;
  return null;
}

export function MediaStep({ initial, onSave, avatarUrl, ...shell }: StepProps) {
  const { form, submit, ...state } = useStepForm(
    mediaSchema,
    { avatarPath: '', videoUrl: '', ...initial },
    onSave,
  );
  const { errors } = form.formState;
  const [photoUrl, setPhotoUrl] = useState<string | null>(avatarUrl);
  const [cropSource, setCropSource] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [aspect, setAspect] = useState<VideoAspect>('16:9');
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const videoUrl = form.watch('videoUrl') ?? '';
  const avatarPath = form.watch('avatarPath');

  useEffect(() => () => void (cropSource && URL.revokeObjectURL(cropSource)), [cropSource]);

  const choose = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      notify.error(problem);
      return;
    }
    setCropSource(URL.createObjectURL(file));
  };

  const upload = async (area: Area, rotation: number) => {
    if (!cropSource) return;
    setUploading(true);
    try {
      const image = await cropToJpeg(cropSource, area, rotation);
      const stored = await wizardApi.uploadAvatar(image);
      form.setValue('avatarPath', stored.path, { shouldValidate: true, shouldDirty: true });
      setPhotoUrl(stored.url);
      setCropSource(null);
      notify.success(M.imageUploaded);
    } catch (error) {
      notify.error(messageOf(error, M.uploadFailed));
    } finally {
      setUploading(false);
    }
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
        <div className="flex flex-wrap items-center gap-4">
          {photoUrl ? (
            <img
              src={photoUrl}
              alt="Your profile photo"
              className="h-24 w-24 rounded-full object-cover ring-2 ring-indigo-200 dark:ring-indigo-900"
            />
          ) : (
            <div className="grid h-24 w-24 place-items-center rounded-full bg-slate-100 text-slate-400 dark:bg-slate-800">
              <ImagePlus aria-hidden className="h-8 w-8" />
            </div>
          )}
          <div className="space-y-2">
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              // Reached through the Upload photo button, not as a second, invisible tab stop.
              tabIndex={-1}
              aria-label="Profile photo file"
              accept={IMAGE_TYPES.join(',')}
              className="sr-only"
              onChange={(event) => choose(event.target.files?.[0])}
            />
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => fileInput.current?.click()}>
                <ImagePlus aria-hidden className="h-4 w-4" />
                {photoUrl ? 'Change photo' : 'Upload photo'}
              </Button>
              {/* Editing, the photo is live until a new one is saved: it is changed, never removed. */}
              {photoUrl && !shell.editing && (
                <Button variant="ghost" onClick={removePhoto}>
                  <Trash2 aria-hidden className="h-4 w-4" /> Remove
                </Button>
              )}
            </div>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              JPEG, PNG or WebP, up to 5 MB. A clear, friendly photo of your face works best.
            </p>
          </div>
        </div>
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

      <CropDialog
        key={cropSource ?? 'none'}
        imageUrl={cropSource}
        busy={uploading}
        onCancel={() => setCropSource(null)}
        onConfirm={upload}
      />
    </StepShell>
  );
}
