import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TutorSearchResponse } from '../../../contracts/tutors.contract';
import { signUpAndVerify } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { DEMO_EMAIL_DOMAIN, seedDemoTutors } from './demo-tutors';

describe('demo tutors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('are complete, recognisable profiles whose generated photos load through signed URLs', async () => {
    const result = await seedDemoTutors(t.database.db, {
      count: 12,
      seed: 3,
      avatars: { storage: t.app.deps.storage, max: 5 },
    });
    expect(result.tutors).toBe(12);
    const users = await t.database.db
      .selectFrom('users')
      .select(['email', 'avatar_url', 'is_profile_completed'])
      .where('role', '=', 'tutor')
      .execute();
    expect(users).toHaveLength(12);
    expect(users.every((user) => user.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`))).toBe(true);
    expect(users.every((user) => user.is_profile_completed)).toBe(true);
    expect(users.filter((user) => user.avatar_url !== null)).toHaveLength(5);

    const { client } = await signUpAndVerify(t.url, t.inbox, 'student');
    const search = await client.get('/api/tutors?pageSize=10');
    const cards = (search.json as TutorSearchResponse).tutors;
    const photo = cards.find((card) => card.avatarUrl !== null)?.avatarUrl;
    expect(photo).toMatch(/^\/api\/files\/.+\/avatars\/demo\.jpg\?expires=\d+&signature=/);
    const image = await fetch(`${t.url}${photo}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(500);
  });
});
