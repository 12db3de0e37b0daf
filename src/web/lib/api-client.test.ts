import { describe, expect, it } from 'vitest';
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
