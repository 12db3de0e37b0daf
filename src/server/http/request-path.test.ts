import { describe, expect, it } from 'vitest';
import { isApiPath, nonCanonicalReason, rawPathOf } from './request-path';

describe('the canonical form of a request path', () => {
  it.each([
    '/',
    '/api/notifications/read-all',
    '/api/lessons/4b1c7a9e-2f0d-4c1a-9a51-0c2b6f4e9a10/cancel',
    '/api/files/users/abc/avatar-1.webp',
    '/student/tutors/7d1f3c1e',
    '/calendar/AbC-_x.ics',
    // Reserved characters may stay encoded: %2F inside an id is data.
    '/api/lessons/..%2F..%2Fetc%2Fpasswd',
    '/api/lessons/a%00b',
    '/api/tutors/%C3%A9',
    '/api/notifications/read-all/',
  ])('takes %s as it is', (path) => {
    expect(nonCanonicalReason(path)).toBeUndefined();
  });

  it.each([
    ['/%61pi/notifications/read-all', 'an unreserved character is percent-encoded'],
    ['/api/notifications/read%2Dall', 'an unreserved character is percent-encoded'],
    ['/api/%7Euser', 'an unreserved character is percent-encoded'],
    ['/api/%2e/notifications/read-all', 'an unreserved character is percent-encoded'],
    ['/api//notifications/read-all', 'an empty segment (//)'],
    ['//api/notifications/read-all', 'an empty segment (//)'],
    ['/api/./notifications/read-all', 'a dot segment or a trailing dot'],
    ['/api/../api/notifications/read-all', 'a dot segment or a trailing dot'],
    ['/api./notifications/read-all', 'a dot segment or a trailing dot'],
    ['/api/notifications/read-all.', 'a dot segment or a trailing dot'],
    ['/API/notifications/read-all', '/api in another case'],
    ['/Api/notifications/read-all', '/api in another case'],
    ['api/notifications', 'does not start with /'],
  ])('refuses %s: %s', (path, reason) => {
    expect(nonCanonicalReason(path)).toBe(reason);
  });

  it('reads the path without its query or fragment', () => {
    expect(rawPathOf('/api/x?y=%61//./')).toBe('/api/x');
    expect(rawPathOf('/api/x#y')).toBe('/api/x');
    expect(rawPathOf('/api/x')).toBe('/api/x');
  });

  it('tells API paths from the pages', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/lessons/:id')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/student/overview')).toBe(false);
  });
});
