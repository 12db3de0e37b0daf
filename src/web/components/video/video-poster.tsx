import { ExternalLink, Play } from 'lucide-react';
import { useState } from 'react';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import type { parseVideoUrl } from '../../../domain/tutors/video-url';

type Video = NonNullable<ReturnType<typeof parseVideoUrl>>;

/**
 * An introduction video as a poster (the tutor's photo, or a neutral frame) with a play button
 * and a link to the video's own page. The player is loaded only when asked for: an embed that
 * cannot load (an offline machine, a blocked site) showed a black box (issue #29), and the
 * link still opens the video wherever the player fails.
 */
export function VideoPoster({
  video,
  title,
  posterUrl,
  aspectClass = 'aspect-video',
}: {
  video: Video;
  title: string;
  posterUrl?: string | null;
  aspectClass?: string;
}) {
  const [state, setState] = useState<'poster' | 'playing' | 'offline'>('poster');
  const play = () => setState(navigator.onLine === false ? 'offline' : 'playing');
  return (
    <div className="space-y-2">
      {state === 'playing' ? (
        <iframe
          src={`${video.embedUrl}?autoplay=1`}
          title={title}
          className={`${aspectClass} w-full rounded-lg border-0 bg-slate-900`}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          onClick={play}
          aria-label={M.playVideo(title)}
          data-testid="video-poster"
          className={`group relative grid ${aspectClass} w-full place-items-center overflow-hidden rounded-lg bg-gradient-to-br from-slate-200 to-slate-300 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 focus-visible:outline-none dark:from-slate-700 dark:to-slate-800 dark:focus-visible:ring-offset-slate-900`}
        >
          {posterUrl && (
            <img
              src={posterUrl}
              alt=""
              className="absolute inset-0 h-full w-full object-cover opacity-60 blur-[1px]"
            />
          )}
          <span className="relative grid h-16 w-16 place-items-center rounded-full bg-indigo-600 text-white shadow-lg transition-transform group-hover:scale-105">
            <Play aria-hidden className="ml-1 h-8 w-8" fill="currentColor" />
          </span>
        </button>
      )}
      {state === 'offline' && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {M.videoOffline}
        </p>
      )}
      <a
        href={video.watchUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
      >
        {M.watchOn(video.site)}
        <ExternalLink aria-hidden className="h-4 w-4" />
      </a>
    </div>
  );
}
