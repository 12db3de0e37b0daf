import { describe, expect, it } from 'vitest';
import { decideGuestOnly, decideProtected } from './route-decision';

const student = { isLoading: false, user: { role: 'student' as const, isProfileCompleted: true } };
const tutor = { isLoading: false, user: { role: 'tutor' as const, isProfileCompleted: true } };
const newTutor = { isLoading: false, user: { role: 'tutor' as const, isProfileCompleted: false } };
const guest = { isLoading: false, user: null };

describe('route guards', () => {
  it('waits while the session loads', () => {
    expect(decideProtected({ isLoading: true, user: null }, 'student')).toEqual({
      kind: 'loading',
    });
    expect(decideGuestOnly({ isLoading: true, user: null })).toEqual({ kind: 'loading' });
  });
  it('sends guests to sign-in and lets the right role in', () => {
    expect(decideProtected(guest, 'student')).toEqual({ kind: 'redirect', to: '/' });
    expect(decideProtected(student, 'student')).toEqual({ kind: 'allow' });
    expect(decideProtected(tutor)).toEqual({ kind: 'allow' });
  });
  it('sends a role mismatch to the user’s own overview', () => {
    expect(decideProtected(tutor, 'student')).toEqual({ kind: 'redirect', to: '/tutor/overview' });
    expect(decideProtected(student, 'tutor')).toEqual({
      kind: 'redirect',
      to: '/student/overview',
    });
  });
  it('keeps signed-in users off guest-only pages', () => {
    expect(decideGuestOnly(guest)).toEqual({ kind: 'allow' });
    expect(decideGuestOnly(tutor)).toEqual({ kind: 'redirect', to: '/tutor/overview' });
  });
  it('sends a signed-in user to the page first asked for, but a new tutor to the wizard', () => {
    expect(decideGuestOnly(student, '/student/tutors?q=math')).toEqual({
      kind: 'redirect',
      to: '/student/tutors?q=math',
    });
    expect(decideGuestOnly(newTutor)).toEqual({
      kind: 'redirect',
      to: '/tutor/complete-profile',
    });
    expect(decideGuestOnly(newTutor, '/tutor/schedule')).toEqual({
      kind: 'redirect',
      to: '/tutor/complete-profile',
    });
  });
  it('only returns to a page on this site', () => {
    for (const elsewhere of ['//evil.example/x', '/\\evil.example', 'https://evil.example/'])
      expect(decideGuestOnly(student, elsewhere)).toEqual({
        kind: 'redirect',
        to: '/student/overview',
      });
  });
});
