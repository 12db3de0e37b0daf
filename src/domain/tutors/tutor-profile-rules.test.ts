import { describe, expect, it } from 'vitest';
import { TUTOR_PROFILE_MESSAGES as M } from '../messages';
import { DEFAULT_REFERENCE_DATA as ref } from '../reference/reference-defaults';
import {
  availabilitySchema,
  basicInfoFormSchema,
  basicInfoSchema,
  educationSchema,
  mediaSchema,
  subjectsSchema,
  teachingStyleSchema,
} from './tutor-profile-rules';
import { canOpenStep, resumeStep } from './wizard-steps';
import { COUNTRY_NAMES } from './countries';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

const limits = ref.settings.tutorProfileLimits;
const bio =
  'I teach mathematics with patience and clear examples, from algebra to calculus, for school and university students.';

describe('basic info', () => {
  const valid = {
    bio,
    teachingExperience: 5,
    hourlyRateCents: 2500,
    countryOfResidence: 'Spain',
    nativeLanguage: 'Spanish',
  };
  const schema = basicInfoSchema(limits, COUNTRY_NAMES);
  it('accepts a complete step', () => expect(schema.safeParse(valid).success).toBe(true));
  it.each([
    [{ bio: '' }, M.bioRequired],
    [{ bio: 'x'.repeat(99) }, M.bioTooShort],
    [{ bio: 'x'.repeat(1001) }, M.bioTooLong],
    [{ teachingExperience: -1 }, M.experienceInvalid],
    [{ teachingExperience: 51 }, M.experienceTooHigh],
    [{ teachingExperience: 2.5 }, M.experienceWholeYears],
    [{ teachingExperience: -2.5 }, M.experienceInvalid],
    [{ hourlyRateCents: undefined }, M.rateRequired],
    [{ hourlyRateCents: 499 }, 'Minimum rate is $5'],
    [{ hourlyRateCents: 20_001 }, 'Maximum rate is $200'],
    [{ hourlyRateCents: 2500.5 }, M.rateCents],
    [{ countryOfResidence: ' ' }, M.countryRequired],
    [{ countryOfResidence: 'Atlantis' }, M.countryNotListed],
    [{ nativeLanguage: '' }, M.nativeLanguageRequired],
  ])('rejects %o', (change, message) => {
    expect(firstMessage(schema.safeParse({ ...valid, ...change }))).toBe(message);
  });
  it('takes the rate limits from the settings', () => {
    expect(
      firstMessage(
        basicInfoSchema({ min_hourly_rate: 10, max_hourly_rate: 100 }, COUNTRY_NAMES).safeParse({
          ...valid,
          hourlyRateCents: 800,
        }),
      ),
    ).toBe('Minimum rate is $10');
  });

  describe('the form, where the rate is typed in dollars', () => {
    const form = basicInfoFormSchema(limits, COUNTRY_NAMES);
    const { hourlyRateCents: _cents, ...typed } = valid;
    it('hands on the step with the rate in cents', () => {
      expect(form.parse({ ...typed, hourlyRate: 32.5 })).toEqual({
        ...typed,
        hourlyRateCents: 3250,
      });
      expect(form.parse({ ...typed, hourlyRate: 19.99 }).hourlyRateCents).toBe(1999);
    });
    it.each([
      [{ hourlyRate: undefined }, M.rateRequired],
      [{ hourlyRate: 4.99 }, 'Minimum rate is $5'],
      [{ hourlyRate: 200.01 }, 'Maximum rate is $200'],
      [{ hourlyRate: 25.005 }, M.rateCents],
    ])('rejects %o with the same messages', (change, message) => {
      const result = form.safeParse({ ...typed, ...change });
      expect(firstMessage(result)).toBe(message);
      expect(result.error?.issues[0]?.path).toEqual(['hourlyRate']);
    });
  });
});

describe('education', () => {
  const schema = educationSchema({
    educationLevels: ref.educationLevels.map((l) => l.name),
    now: new Date('2026-11-22'),
  });
  const valid = {
    educationLevel: "Master's Degree",
    educationTitle: 'Mathematics',
    university: 'Uni Madrid',
    yearOfGraduation: 2015,
    certificates: [],
  };
  const certificate = {
    name: 'CELTA',
    issuedBy: 'Cambridge',
    year: 2020,
    url: 'https://example.org/cert',
  };
  it('accepts a step with a certificate', () =>
    expect(schema.safeParse({ ...valid, certificates: [certificate] }).success).toBe(true));
  it.each([
    [{ educationLevel: 'Diploma' }, M.educationLevelRequired],
    [{ educationTitle: 'M' }, M.titleTooShort],
    [{ educationTitle: 'M'.repeat(101) }, M.titleTooLong],
    [{ university: 'U' }, M.institutionTooShort],
    [{ university: 'U'.repeat(101) }, M.institutionTooLong],
    [{ yearOfGraduation: 2032 }, M.graduationYearTooLate],
    [{ certificates: [{ ...certificate, name: '' }] }, M.certificateNameRequired],
    [{ certificates: [{ ...certificate, issuedBy: '' }] }, M.certificateIssuerRequired],
    [{ certificates: [{ ...certificate, year: undefined }] }, M.certificateYearRequired],
    [{ certificates: [{ ...certificate, year: 2027 }] }, M.certificateYearInvalid],
    [{ certificates: [{ ...certificate, url: 'not a url' }] }, M.certificateUrlInvalid],
  ])('rejects %o', (change, message) => {
    expect(firstMessage(schema.safeParse({ ...valid, ...change }))).toBe(message);
  });
  it('allows graduation up to five years ahead', () => {
    expect(schema.safeParse({ ...valid, yearOfGraduation: 2031 }).success).toBe(true);
  });
});

describe('subjects and languages', () => {
  const schema = subjectsSchema({
    subjects: ref.subjects.map((s) => s.name),
    subjectLevels: ref.subjectLevels.map((l) => l.code),
    languages: ref.languages.map((l) => l.name),
    languageLevels: ref.languageLevels.map((l) => l.code),
    maxSubjects: 3,
  });
  const valid = {
    subjects: [{ name: 'Mathematics', level: 'expert' }],
    languages: [{ name: 'English', level: 'native' }],
  };
  it('accepts a step', () => expect(schema.safeParse(valid).success).toBe(true));
  it.each([
    [{ subjects: [] }, M.subjectRequired],
    [{ languages: [] }, M.languageRequired],
    [
      {
        subjects: [
          { name: 'Mathematics', level: 'expert' },
          { name: 'Mathematics', level: 'beginner' },
        ],
      },
      M.subjectDuplicate,
    ],
    [
      {
        languages: [
          { name: 'English', level: 'native' },
          { name: 'English', level: 'basic' },
        ],
      },
      M.languageDuplicate,
    ],
    [
      {
        subjects: ['English', 'Physics', 'Chemistry', 'IELTS'].map((name) => ({
          name,
          level: 'expert',
        })),
      },
      'You can only add up to 3 subjects',
    ],
    [{ subjects: [{ name: 'Mathematics', level: '' }] }, M.subjectFieldsIncomplete],
    [{ subjects: [{ name: 'Astrology', level: 'expert' }] }, M.subjectFieldsIncomplete],
  ])('rejects %o', (change, message) => {
    expect(firstMessage(schema.safeParse({ ...valid, ...change }))).toBe(message);
  });
  it('calls rows still to fill incomplete, not duplicates', () => {
    const blank = { name: '', level: '' };
    const result = schema.safeParse({ subjects: [blank, blank], languages: [blank, blank] });
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toContain(M.subjectFieldsIncomplete);
    expect(messages).not.toContain(M.subjectDuplicate);
    expect(messages).not.toContain(M.languageDuplicate);
  });
});

describe('teaching style and media', () => {
  const valid = {
    teachingStyle: 'adaptive',
    lessonSpecialties: ['Homework Help'],
    specializations: ['Exam Preparation'],
  };
  it('accepts a step and limits the selections', () => {
    expect(teachingStyleSchema.safeParse(valid).success).toBe(true);
    const six = [
      'Test Preparation',
      'Homework Help',
      'Conversation Practice',
      'Grammar Focus',
      'Writing Skills',
      'Problem Solving',
    ];
    expect(firstMessage(teachingStyleSchema.safeParse({ ...valid, lessonSpecialties: six }))).toBe(
      M.specialtiesLimit,
    );
    expect(
      firstMessage(teachingStyleSchema.safeParse({ ...valid, teachingStyle: 'lecturing' })),
    ).toBe(M.teachingStyleRequired);
    expect(
      firstMessage(
        teachingStyleSchema.safeParse({
          ...valid,
          specializations: ['Exam Preparation', 'Exam Preparation'],
        }),
      ),
    ).toBe(M.duplicateSelection);
  });
  it('requires a photo and a YouTube or Vimeo video', () => {
    expect(
      mediaSchema.safeParse({ avatarPath: 'u/photo.jpg', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' })
        .success,
    ).toBe(true);
    expect(
      firstMessage(
        mediaSchema.safeParse({ avatarPath: '', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }),
      ),
    ).toBe(M.avatarRequired);
    expect(firstMessage(mediaSchema.safeParse({ avatarPath: 'u/p.jpg', videoUrl: '' }))).toBe(
      M.videoUrlRequired,
    );
    expect(
      firstMessage(
        mediaSchema.safeParse({ avatarPath: 'u/p.jpg', videoUrl: 'https://example.com/v' }),
      ),
    ).toBe(M.videoUrlInvalid);
  });
});

describe('availability', () => {
  const wizard = availabilitySchema({ allowEmpty: false });
  const slot = { dayOfWeek: 1, startTime: '09:00', endTime: '12:00' };
  it('accepts a week and checks each rule', () => {
    expect(wizard.safeParse({ timezone: 'Europe/London', slots: [slot] }).success).toBe(true);
    expect(firstMessage(wizard.safeParse({ timezone: 'Europe/London', slots: [] }))).toBe(
      M.availabilityRequired,
    );
    expect(firstMessage(wizard.safeParse({ timezone: '', slots: [slot] }))).toBe(
      M.timezoneRequired,
    );
    expect(firstMessage(wizard.safeParse({ timezone: 'Mars/Olympus', slots: [slot] }))).toBe(
      M.timezoneInvalid,
    );
    expect(firstMessage(wizard.safeParse({ timezone: 7, slots: [slot] }))).toBe(
      M.timezoneNotString,
    );
    expect(
      firstMessage(
        wizard.safeParse({
          timezone: 'UTC',
          slots: [slot, { ...slot, startTime: '12:00', endTime: '13:00' }],
        }),
      ),
    ).toBe(M.slotsOverlap);
    const week = Array.from({ length: 7 }, (_, day) => ({
      dayOfWeek: day,
      startTime: '00:00',
      endTime: '24:00',
    }));
    expect(firstMessage(wizard.safeParse({ timezone: 'UTC', slots: week }))).toBe(
      'Cannot add slot: would exceed maximum of 126 hours per week',
    );
    expect(
      availabilitySchema({ allowEmpty: true }).safeParse({ timezone: 'UTC', slots: [] }).success,
    ).toBe(true);
  });
});

describe('wizard step gating', () => {
  it('opens completed steps, the next one, and steps at or before the current one', () => {
    expect(canOpenStep('basic_info', [], 'basic_info')).toBe(true);
    expect(canOpenStep('education', [], 'basic_info')).toBe(false);
    expect(canOpenStep('education', ['basic_info'], 'basic_info')).toBe(true);
    expect(canOpenStep('subjects', ['basic_info'], 'education')).toBe(false);
    expect(
      canOpenStep('media', ['basic_info', 'education', 'subjects', 'teaching_style'], 'basic_info'),
    ).toBe(true);
    expect(
      canOpenStep(
        'availability',
        ['basic_info', 'education', 'subjects', 'teaching_style'],
        'teaching_style',
      ),
    ).toBe(false);
  });
  it('resumes at the first step not completed', () => {
    expect(resumeStep([])).toBe('basic_info');
    expect(resumeStep(['basic_info', 'education'])).toBe('subjects');
    expect(
      resumeStep([
        'basic_info',
        'education',
        'subjects',
        'teaching_style',
        'media',
        'availability',
      ]),
    ).toBe('availability');
  });
});
