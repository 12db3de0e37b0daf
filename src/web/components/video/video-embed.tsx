import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import { parseVideoUrl } from '../../../domain/tutors/video-url';
import { VideoPoster } from './video-poster';

export const VIDEO_ASPECTS = {
  '16:9': 'aspect-video',
  '4:3': 'aspect-[4/3]',
  '1:1': 'aspect-square',
};
export type VideoAspect = keyof typeof VIDEO_ASPECTS;

/** A YouTube or Vimeo video (its poster, then its privacy-friendly player), or the spec's error text. */
export function VideoEmbed({ url, aspect = '16:9' }: { url: string; aspect?: VideoAspect }) {
  const trimmed = url.trim();
  const video = trimmed ? parseVideoUrl(trimmed) : null;
  if (!video) {
    return (
      <div
        className={`grid ${VIDEO_ASPECTS[aspect]} w-full place-items-center rounded-lg bg-slate-100 text-sm text-slate-500 dark:bg-slate-800 dark:text-slate-400`}
      >
        {trimmed ? M.invalidVideoUrl : M.noVideoUrl}
      </div>
    );
  }
  return (
    <VideoPoster video={video} title="Introduction video" aspectClass={VIDEO_ASPECTS[aspect]} />
  );
}
