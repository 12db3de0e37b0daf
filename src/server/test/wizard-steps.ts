// The tutor wizard's steps as a tutor fills them in: the wizard's tests and the API fuzz test
// start from them.

/** A valid body for each wizard step, the media step with an uploaded photo of the tutor. */
export const wizardSteps = (avatarPath: string) => ({
  basic_info: {
    bio: 'I have taught mathematics and physics for ten years, preparing students for exams with clear, patient lessons.',
    teachingExperience: 10,
    hourlyRateCents: 3250,
    countryOfResidence: 'Portugal',
    nativeLanguage: 'Portuguese',
  },
  education: {
    educationLevel: "Master's Degree",
    educationTitle: 'Applied Mathematics',
    university: 'University of Lisbon',
    yearOfGraduation: 2014,
    certificates: [
      {
        name: 'CELTA',
        issuedBy: 'Cambridge English',
        year: 2018,
        url: 'https://example.org/celta',
      },
    ],
  },
  subjects: {
    subjects: [
      { name: 'Mathematics', level: 'expert' },
      { name: 'Physics', level: 'advanced' },
    ],
    languages: [{ name: 'English', level: 'fluent' }],
  },
  teaching_style: {
    teachingStyle: 'structured',
    lessonSpecialties: ['Exam Strategies', 'Problem Solving'],
    specializations: ['Exam Preparation'],
  },
  media: { avatarPath, videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  availability: {
    timezone: 'Europe/Lisbon',
    slots: [
      { dayOfWeek: 1, startTime: '09:00', endTime: '12:00' },
      { dayOfWeek: 3, startTime: '14:00', endTime: '18:30' },
    ],
  },
});
