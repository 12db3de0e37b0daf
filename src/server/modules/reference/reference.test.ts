import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { referenceDataResponse } from '../../../contracts/reference.contract';
import {
  ADDED_LANGUAGES,
  ADDED_SUBJECTS,
  DEFAULT_REFERENCE_DATA,
} from '../../../domain/reference/reference-defaults';
import { seedReferenceData } from '../../db/seed/reference-seed';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';

describe.each(TEST_DRIVERS)('GET /api/reference on %s', (driver) => {
  // Tests edit the reference rows: each gets its own app and database.
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(driver);
  });
  afterEach(() => t.close());

  const load = async () => {
    const response = await fetch(`${t.url}/api/reference`);
    expect(response.status).toBe(200);
    return referenceDataResponse.parse(await response.json());
  };

  it("returns the spec's reference data, then the wider catalogue, in display order", async () => {
    const data = await load();
    expect(data.subjects.map((s) => s.name)).toEqual([
      'English',
      'Mathematics',
      'Physics',
      'Chemistry',
      'IELTS',
      'TOEFL',
      'Business English',
      'Conversation Practice',
      ...ADDED_SUBJECTS,
    ]);
    expect(data.languages.map((l) => l.name)).toEqual([
      'English',
      'Spanish',
      'French',
      'German',
      'Chinese',
      'Japanese',
      'Arabic',
      'Russian',
      'Urdu',
      ...ADDED_LANGUAGES.map((language) => language.name),
    ]);
    expect(data.languageLevels.map((l) => l.code)).toEqual([
      'basic',
      'conversational',
      'fluent',
      'native',
    ]);
    expect(data.subjectLevels.map((l) => l.code)).toEqual([
      'beginner',
      'intermediate',
      'advanced',
      'expert',
    ]);
    expect(data.educationLevels.map((l) => l.name)).toEqual([
      "Bachelor's Degree",
      "Master's Degree",
      'PhD',
      'Professional Certification',
    ]);
    expect(data.profileSteps.map((s) => [s.code, s.title])).toEqual([
      ['basic_info', 'Basic Information'],
      ['education', 'Education & Certifications'],
      ['subjects', 'Subjects & Languages'],
      ['teaching_style', 'Teaching Style'],
      ['media', 'Profile Media'],
      ['availability', 'Availability'],
    ]);
    expect(data.slotDurations).toEqual([
      { value: '00:30:00', label: '30 min', minutes: 30, isDefault: true },
      { value: '00:45:00', label: '45 min', minutes: 45, isDefault: false },
      { value: '01:00:00', label: '1 hour', minutes: 60, isDefault: false },
      { value: '01:30:00', label: '1.5 hours', minutes: 90, isDefault: false },
      { value: '02:00:00', label: '2 hours', minutes: 120, isDefault: false },
    ]);
    expect(data.settings.daysOfWeek.map((d) => d.name)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(data.settings.tutorProfileLimits).toEqual({
      min_hourly_rate: 5,
      max_hourly_rate: 200,
      min_trial_price: 1,
      max_trial_price: 50,
      max_subjects: 3,
    });
  });

  it('hides inactive rows, follows display_order and keeps operator edits across re-seeding', async () => {
    const db = t.database.db;
    await db
      .updateTable('subjects')
      .set({ is_active: false })
      .where('name', '=', 'TOEFL')
      .execute();
    await db
      .updateTable('subjects')
      .set({ display_order: 0 })
      .where('name', '=', 'Chemistry')
      .execute();
    await db
      .updateTable('subjects')
      .set({ name: 'Algebra' })
      .where('name', '=', 'Mathematics')
      .execute();
    await db
      .updateTable('system_settings')
      .set({
        setting_value: JSON.stringify({
          ...DEFAULT_REFERENCE_DATA.settings.tutorProfileLimits,
          max_subjects: 5,
        }),
      })
      .where('setting_key', '=', 'tutor_profile_limits')
      .execute();
    await seedReferenceData(db); // as at the next start

    const data = await load();
    expect(data.subjects[0]?.name).toBe('Chemistry');
    expect(data.subjects.map((s) => s.name)).not.toContain('TOEFL');
    expect(data.subjects.map((s) => s.name)).toContain('Algebra');
    expect(data.subjects.map((s) => s.name)).not.toContain('Mathematics');
    expect(data.settings.tutorProfileLimits.max_subjects).toBe(5);
  });

  it('falls back to the default for a malformed setting instead of failing', async () => {
    await t.database.db
      .updateTable('system_settings')
      .set({ setting_value: JSON.stringify({ max_subjects: 'many' }) })
      .where('setting_key', '=', 'tutor_profile_limits')
      .execute();
    const data = await load();
    expect(data.settings.tutorProfileLimits).toEqual(
      DEFAULT_REFERENCE_DATA.settings.tutorProfileLimits,
    );
  });

  it('sends a strong ETag, and 304 when the browser already has the data', async () => {
    const first = await fetch(`${t.url}/api/reference`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await first.text();

    const again = await fetch(`${t.url}/api/reference`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');

    const other = await fetch(`${t.url}/api/reference`, { headers: { 'if-none-match': '"x"' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).toBe(etag);
    expect(await other.text()).toBe(body);
  });

  it('sends the bytes compressed once, in the coding the client prefers', async () => {
    const plain = await t.app.inject({ url: '/api/reference' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const asSent = async (acceptEncoding: string) => {
      const response = await t.app.inject({
        url: '/api/reference',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.statusCode).toBe(200);
      const encoding = response.headers['content-encoding'];
      const text =
        encoding === 'br'
          ? brotliDecompressSync(response.rawPayload).toString()
          : encoding === 'gzip'
            ? gunzipSync(response.rawPayload).toString()
            : response.body;
      // Decoded exactly once: the body is the plain JSON, not compressed twice.
      expect(text).toBe(plain.body);
      return encoding;
    };
    expect(await asSent('gzip, deflate, br')).toBe('br');
    expect(await asSent('br;q=0, gzip')).toBe('gzip');
    expect(await asSent('identity')).toBeUndefined();
  });
});
