import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from '../../env';
import { newMeetingUrl } from './meeting-room';

describe('MEETING_URL_TEMPLATE', () => {
  it('is unset by default, and empty means unset: lessons are held in the built-in classroom', () => {
    expect(loadEnv({}).MEETING_URL_TEMPLATE).toBeUndefined();
    expect(loadEnv({ MEETING_URL_TEMPLATE: '  ' }).MEETING_URL_TEMPLATE).toBeUndefined();
  });

  it('takes another service whose address holds the room', () => {
    const template = 'https://video.example.com/rooms/{room}?lang=en';
    expect(loadEnv({ MEETING_URL_TEMPLATE: template }).MEETING_URL_TEMPLATE).toBe(template);
  });

  it.each([
    'https://meet.jit.si/fixed-room',
    'meet.jit.si/{room}',
    'javascript:alert(1)//{room}',
    'ftp://files.example.com/{room}',
    'https://exa mple.com/{room}',
  ])('refuses %j with one clear line naming it', (template) => {
    const load = () => loadEnv({ MEETING_URL_TEMPLATE: template });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/MEETING_URL_TEMPLATE must be an http\(s\) URL holding \{room\}/);
  });
});

describe('a new meeting room', () => {
  it('fills the template with an unguessable name: 128 random bits, never the same twice', () => {
    const urls = Array.from({ length: 1000 }, () => newMeetingUrl('https://meet.jit.si/{room}'));
    for (const url of urls) expect(url).toMatch(/^https:\/\/meet\.jit\.si\/tutora-[0-9a-f]{32}$/);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('fills every placeholder of the template', () => {
    const url = newMeetingUrl('https://rooms.example.com/{room}?name={room}');
    const [, path, query] = /\/(tutora-[0-9a-f]{32})\?name=(tutora-[0-9a-f]{32})$/.exec(url)!;
    expect(path).toBe(query);
  });
});
