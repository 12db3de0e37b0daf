import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Area } from 'react-easy-crop';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import { IMAGE_TYPES } from '../../../domain/tutors/tutor-options';
import { messageOf } from '../../lib/api-client';
import { photoFileProblem } from '../../lib/image-file';
import { notify } from '../../lib/notify';
import { Button } from '../ui/button';
import { CropDialog } from './crop-dialog';
import { cropToJpeg } from './crop-image';

/**
 * A profile photo: shows it, picks a file, crops it round and hands the JPEG to `onUpload`
 * (the tutor wizard's media step and the Settings page). `onRemove` is offered while there is
 * a photo.
 */
export function PhotoField({
  photoUrl,
  onUpload,
  onRemove,
  hint,
}: {
  photoUrl: string | null;
  onUpload: (image: Blob) => Promise<void>;
  onRemove: () => Promise<void>;
  hint: ReactNode;
}) {
  const [cropSource, setCropSource] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  useEffect(() => () => void (cropSource && URL.revokeObjectURL(cropSource)), [cropSource]);

  const choose = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    // Checked before the crop dialog opens: it would show a file that is no picture as black.
    const problem = await photoFileProblem(file);
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
      await onUpload(await cropToJpeg(cropSource, area, rotation));
      setCropSource(null);
    } catch (error) {
      notify.error(messageOf(error, M.uploadFailed));
    } finally {
      setUploading(false);
    }
  };

  return (
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
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>
            <ImagePlus aria-hidden className="h-4 w-4" />
            {photoUrl ? 'Change photo' : 'Upload photo'}
          </Button>
          {photoUrl && (
            <Button variant="ghost" onClick={() => void onRemove()}>
              <Trash2 aria-hidden className="h-4 w-4" /> Remove
            </Button>
          )}
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>
      </div>
      <CropDialog
        key={cropSource ?? 'none'}
        imageUrl={cropSource}
        busy={uploading}
        onCancel={() => setCropSource(null)}
        onConfirm={upload}
      />
    </div>
  );
}
