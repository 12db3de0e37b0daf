import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import { parseVideoUrl } from '../../../domain/tutors/video-url';
import { VideoPoster } from './video-poster';

const TITLE = 'Introduction video of Ada Tutor';

/** The browser's own online flag, as an offline machine reports it. */
function online(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

describe('VideoPoster', () => {
  afterEach(() => online(true));

  it('shows a poster and a link to the video, no player until asked for', async () => {
    const video = parseVideoUrl('https://youtu.be/kYB8IZa5AuE')!;
    const { container } = render(
      <VideoPoster video={video} title={TITLE} posterUrl="/photo.jpg" />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/photo.jpg');
    const link = screen.getByRole('link', { name: M.watchOn('YouTube') });
    expect(link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=kYB8IZa5AuE');
    expect(link.getAttribute('target')).toBe('_blank');

    await userEvent.click(screen.getByRole('button', { name: M.playVideo(TITLE) }));
    expect(screen.getByTitle(TITLE).getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/kYB8IZa5AuE?autoplay=1',
    );
  });

  it('keeps the poster offline and says to open the link instead of a black player', async () => {
    online(false);
    const video = parseVideoUrl('https://vimeo.com/76979871')!;
    const { container } = render(<VideoPoster video={video} title={TITLE} />);
    await userEvent.click(screen.getByRole('button', { name: M.playVideo(TITLE) }));
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(M.videoOffline);
    expect(screen.getByRole('link', { name: M.watchOn('Vimeo') }).getAttribute('href')).toBe(
      'https://vimeo.com/76979871',
    );
  });
});
