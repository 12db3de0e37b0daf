// Introduction videos: YouTube (watch, embed, youtu.be, shorts; 11-character id) or Vimeo
// (numeric id). Parsed with URL, never by loose substring matching.

type VideoProvider = 'youtube' | 'vimeo';

interface ParsedVideo {
  provider: VideoProvider;
  id: string;
  /** Privacy-friendly player URL for an <iframe>. */
  embedUrl: string;
  /** The video's own page, which opens in a new tab when the player cannot load. */
  watchUrl: string;
  /** The site's name, as a link to watchUrl says it. */
  site: 'YouTube' | 'Vimeo';
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

function youtube(id: string | null | undefined): ParsedVideo | null {
  return id && YOUTUBE_ID.test(id)
    ? {
        provider: 'youtube',
        id,
        embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
        watchUrl: `https://www.youtube.com/watch?v=${id}`,
        site: 'YouTube',
      }
    : null;
}

function vimeo(id: string | undefined): ParsedVideo | null {
  return id && VIMEO_ID.test(id)
    ? {
        provider: 'vimeo',
        id,
        embedUrl: `https://player.vimeo.com/video/${id}`,
        watchUrl: `https://vimeo.com/${id}`,
        site: 'Vimeo',
      }
    : null;
}

/** The video a URL points at, or null when it is not a YouTube or Vimeo video address. */
export function parseVideoUrl(input: string): ParsedVideo | null {
  let url: URL;
  try {
    const trimmed = input.trim();
    url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);

  if (host === 'youtu.be') return parts.length === 1 ? youtube(parts[0]) : null;
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts[0] === 'watch' && parts.length === 1) return youtube(url.searchParams.get('v'));
    if ((parts[0] === 'embed' || parts[0] === 'shorts') && parts.length === 2)
      return youtube(parts[1]);
    return null;
  }
  if (VIMEO_HOSTS.has(host)) {
    if (host === 'player.vimeo.com')
      return parts[0] === 'video' && parts.length === 2 ? vimeo(parts[1]) : null;
    return parts.length === 1 ? vimeo(parts[0]) : null;
  }
  return null;
}
