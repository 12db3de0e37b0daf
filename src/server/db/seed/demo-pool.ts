// Word lists for demo tutors: varied, international, plausible.

export const FIRST_NAMES = [
  'Amelia',
  'Noah',
  'Sofia',
  'Liam',
  'Aisha',
  'Mateo',
  'Yuki',
  'Chen',
  'Priya',
  'Omar',
  'Elena',
  'Lucas',
  'Fatima',
  'Hugo',
  'Ingrid',
  'Kwame',
  'Lea',
  'Diego',
  'Hana',
  'Ravi',
  'Zara',
  'Tomás',
  'Mei',
  'Jonas',
  'Amara',
  'Felix',
  'Nadia',
  'Arjun',
  'Clara',
  'Emeka',
  'Sara',
  'Mikhail',
  'Lucia',
  'Kenji',
  'Leila',
  'Oscar',
];

export const LAST_NAMES = [
  'Garcia',
  'Smith',
  'Müller',
  'Rossi',
  'Kowalski',
  'Okafor',
  'Tanaka',
  'Wang',
  'Sharma',
  'Haddad',
  'Silva',
  'Dubois',
  'Johansson',
  'Mensah',
  'Novak',
  'Ivanova',
  'Fernández',
  'Kim',
  'Patel',
  'Nguyen',
  'Costa',
  'Berg',
  'Ahmed',
  'Moreau',
  'Schmidt',
  'Lopez',
  'Brown',
  'Yilmaz',
  'Adeyemi',
  'Larsen',
  'Cohen',
  'Romano',
];

/** Letters for a middle initial: 1 -> A, 26 -> Z, 27 -> AA (bijective base 26). */
function initials(round: number): string {
  let letters = '';
  for (let rest = round; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * Distinct names for demo people in a seeded order: each first and last name pair once, then
 * each again with a middle initial (A., B., …), so no two demo people share a name (issue #29
 * found two Felix Nguyen).
 */
export function demoNames(random: { sample: <T>(items: readonly T[], count: number) => T[] }) {
  const pairs = FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => [first, last] as const));
  const order = random.sample(pairs, pairs.length);
  return (index: number) => {
    const [first, last] = order[index % order.length]!;
    const round = Math.floor(index / order.length);
    return { first: round === 0 ? first : `${first} ${initials(round)}.`, last };
  };
}

export const COUNTRIES = [
  { name: 'United States', timezone: 'America/New_York' },
  { name: 'United States', timezone: 'America/Los_Angeles' },
  { name: 'United Kingdom', timezone: 'Europe/London' },
  { name: 'Germany', timezone: 'Europe/Berlin' },
  { name: 'Spain', timezone: 'Europe/Madrid' },
  { name: 'India', timezone: 'Asia/Kolkata' },
  { name: 'Japan', timezone: 'Asia/Tokyo' },
  { name: 'Australia', timezone: 'Australia/Sydney' },
  { name: 'Brazil', timezone: 'America/Sao_Paulo' },
  { name: 'Nigeria', timezone: 'Africa/Lagos' },
  { name: 'United Arab Emirates', timezone: 'Asia/Dubai' },
  { name: 'Canada', timezone: 'America/Toronto' },
  { name: 'Nepal', timezone: 'Asia/Kathmandu' },
];

export const UNIVERSITIES = [
  'University of Toronto',
  'University of Edinburgh',
  'Universidad de Buenos Aires',
  'Heidelberg University',
  'University of Tokyo',
  'Indian Institute of Technology Delhi',
  'University of Cape Town',
  'Sorbonne University',
  'University of Melbourne',
  'University of São Paulo',
  'University College Dublin',
  'Seoul National University',
];

export const DEGREE_FIELDS = [
  'Applied Mathematics',
  'English Literature',
  'Theoretical Physics',
  'Organic Chemistry',
  'Linguistics',
  'Education',
  'Business Administration',
  'TESOL',
  'Computer Science',
  'Modern Languages',
];

export const VIDEO_URLS = [
  'https://www.youtube.com/watch?v=aircAruvnKk',
  'https://www.youtube.com/watch?v=WUvTyaaNkzM',
  'https://youtu.be/kYB8IZa5AuE',
  'https://vimeo.com/76979871',
];

const OPENINGS = [
  'Hi, I am {name}, a tutor based in {country}.',
  'Hello! My name is {name} and I love helping students reach their goals.',
  "I'm {name}. Teaching has been my passion for years, working with learners from all over the world.",
];
const MIDDLES = [
  'I teach {subjects} with clear explanations, plenty of practice and honest feedback after every lesson.',
  'My lessons in {subjects} are built around your goals, whether that is an exam, a new job or simply confidence.',
  'Together we will work on {subjects} step by step, using real examples and materials chosen for you.',
];
const CLOSINGS = [
  'Book a trial lesson and let us make a plan together.',
  'I look forward to meeting you in our first lesson!',
  'Patient, structured and encouraging: that is how I like to teach.',
];

export function bio(
  random: { pick: <T>(items: readonly T[]) => T },
  name: string,
  subjects: string[],
  country: string,
): string {
  const fill = (text: string) =>
    text
      .replace('{name}', name)
      .replace('{country}', country)
      .replace('{subjects}', subjects.join(', '));
  return [random.pick(OPENINGS), random.pick(MIDDLES), random.pick(CLOSINGS)].map(fill).join(' ');
}

export function reviewComments(rating: number): readonly string[] {
  if (rating >= 5)
    return [
      'Fantastic tutor, every lesson is well prepared.',
      'Clear, patient and motivating. Highly recommended!',
      'I passed my exam thanks to these lessons.',
    ];
  if (rating === 4)
    return [
      'Very helpful lessons, good explanations.',
      'Friendly and knowledgeable, I am making steady progress.',
    ];
  if (rating === 3)
    return [
      'Good lessons overall, sometimes a bit fast.',
      'Helpful, though I would like more practice material.',
    ];
  return ['Not the right fit for me.', 'Lessons started late a few times.'];
}
