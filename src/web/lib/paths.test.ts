import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, patterns } from './paths';

describe('paths', () => {
  it('builds addresses the router matches back to the same id, encoding what needs it', () => {
    const id = 'a/b c';
    expect(paths.tutorProfile(id)).toBe('/student/tutors/a%2Fb%20c');
    const idIn = (pattern: string, path: string) =>
      decodeURIComponent(matchPath(pattern, path)?.params.tutorId ?? '');
    expect(idIn(patterns.tutorProfile, paths.tutorProfile(id))).toBe(id);
    expect(idIn(patterns.bookingPlan, paths.bookingPlan(id))).toBe(id);
  });

  it('sends each role to its own dashboard and carries the booked lesson to the success page', () => {
    expect(paths.dashboard('student')).toBe('/student/overview');
    expect(paths.dashboard('tutor')).toBe('/tutor/overview');
    expect(paths.paymentSuccess('l 1')).toBe('/payment/success?lesson=l%201');
  });
});
