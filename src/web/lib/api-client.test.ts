import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../contracts/auth.contract';
import { getLesson, getSlots } from '../../contracts/booking.contract';
import { searchTutors } from '../../contracts/tutors.contract';
import { call, urlOf } from './api-client';

describe('urlOf', () => {
  it('keeps a path without parameters as it is', () => {
    expect(urlOf(getSession, {})).toBe('/api/auth/session');
  });

  it('encodes path parameters, so an id can never reach another route', () => {
    expect(urlOf(getLesson, { params: { id: '../tutors/1 ?x' } })).toBe(
      '/api/lessons/..%2Ftutors%2F1%20%3Fx',
    );
  });

  it('writes the query string, lists as comma lists, leaving out what is not given', () => {
    const url = urlOf(getSlots, {
      params: { id: 't1' },
      query: {
        fromDate: '2027-03-08',
        days: 7,
        viewerZone: 'Asia/Tokyo',
        lessonMinutes: undefined,
      },
    });
    expect(url).toBe('/api/tutors/t1/slots?fromDate=2027-03-08&days=7&viewerZone=Asia%2FTokyo');
    const search = urlOf(searchTutors, { query: { subjects: ['Math', 'Physics'], page: 2 } });
    expect(new URL(search, 'http://x').searchParams.get('subjects')).toBe('Math,Physics');
  });
});

describe('call', () => {
  it("refuses, at compile time, a call without the endpoint's input", () => {
    // Never run: only the compiler's answer matters here.
    const unused = () => {
      // @ts-expect-error -- a lesson needs its id
      void call(getLesson);
      // @ts-expect-error -- and the id is a string
      void call(getLesson, { params: { id: 1 } });
    };
    expect(typeof unused).toBe('function');
  });
});

describe('call, checking answers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  const answering = (text: string) =>
    vi.stubGlobal('fetch', async () => new Response(text, { status: 200 }));

  /** api-client as a build for `mode` loads it (whether it checks is read once, at load). */
  const clientFor = async (mode: 'production' | 'test') => {
    vi.stubEnv('PROD', mode === 'production');
    vi.resetModules();
    return import('./api-client');
  };

  it('refuses, outside production, an answer that breaks the contract', async () => {
    const client = await clientFor('test');
    answering(JSON.stringify({ authenticated: 'yes' }));
    await expect(client.call(getSession)).rejects.toMatchObject({ code: 'UNKNOWN' });
  });

  it('in production, takes the answer as the server encoded it', async () => {
    const client = await clientFor('production');
    answering(JSON.stringify({ authenticated: 'yes' }));
    await expect(client.call(getSession)).resolves.toEqual({ authenticated: 'yes' });
  });

  it('refuses an answer that is not JSON, in production too', async () => {
    const client = await clientFor('production');
    answering('<html>Gateway</html>');
    await expect(client.call(getSession)).rejects.toMatchObject({ code: 'UNKNOWN' });
  });
});
