import { SUPPORT_EMAIL } from '../../../domain/support';
import { TopBar } from '../../components/ui/top-bar';

const TERMS = [
  [
    'Using Tutora',
    'Tutora connects students with independent tutors. You must give accurate information when you sign up and keep your password to yourself.',
  ],
  [
    'Lessons and payments',
    'Prices are set by tutors and shown before you pay. Payments are processed by our payment provider; Tutora never stores card details.',
  ],
  [
    'Conduct',
    'Treat others with respect. Harassment, fraud, or sharing content you have no right to share may lead to your account being closed.',
  ],
  [
    'Tutors',
    'Tutor profiles are reviewed before approval. Tutors are responsible for the accuracy of their profile and for delivering booked lessons.',
  ],
  [
    'Changes',
    'We may update these terms; we will tell you about material changes before they take effect.',
  ],
] as const;

const PRIVACY = [
  [
    'What we collect',
    'Your name, email address, role, profile details you choose to add, the lessons you book and the notes you write.',
  ],
  [
    'Why',
    'To run your account, arrange and remind you of lessons, process payments and keep the service secure.',
  ],
  [
    'Sharing',
    'Tutors see what students share for their lessons and students see tutor profiles. Payment details go to our payment provider only. We do not sell personal data.',
  ],
  [
    'Security',
    'Passwords are stored as strong one-way hashes; sessions use secure, HTTP-only cookies.',
  ],
  [
    'Your rights',
    `You can ask for a copy of your data or for its deletion at any time: write to ${SUPPORT_EMAIL}.`,
  ],
] as const;

export function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const title = kind === 'terms' ? 'Terms of Service' : 'Privacy Policy';
  const sections = kind === 'terms' ? TERMS : PRIVACY;
  return (
    <div className="min-h-screen">
      <TopBar bordered />
      <main className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">Last updated 22 November 2026</p>
        {sections.map(([heading, text]) => (
          <section key={heading} className="mt-8">
            <h2 className="text-lg font-semibold">{heading}</h2>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{text}</p>
          </section>
        ))}
      </main>
    </div>
  );
}
