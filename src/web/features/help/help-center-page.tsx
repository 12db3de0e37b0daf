import { ChevronDown, Search } from 'lucide-react';
import { useId, useState } from 'react';
import type { Role } from '../../../domain/accounts/account-rules';
import { HELP_MESSAGES as M } from '../../../domain/messages';
import { useSession } from '../../lib/session';
import { ContactSupportForm } from './contact-support-form';
import { helpAnswersFor, matchingAnswers } from './help-answers';

const card =
  'rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900';

/** The Help Center: the role's answers, searchable, each opening in place, and the contact form. */
export function HelpCenterPage({ role }: { role: Role }) {
  const { user } = useSession();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const answers = matchingAnswers(helpAnswersFor(role), query);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{M.title}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{M.intro}</p>
      </div>
      <section aria-labelledby="faq-title" className={`${card} space-y-4`}>
        <h2 id="faq-title" className="text-lg font-semibold">
          {M.faqTitle}
        </h2>
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            {M.searchLabel}
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={M.searchPlaceholder}
            className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-950"
          />
        </div>
        {answers.length === 0 ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {M.noAnswers(query.trim())}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {answers.map((answer) => (
              <li key={answer.id}>
                <details className="group" data-testid="help-answer">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-3 p-3 font-medium hover:bg-slate-50 dark:hover:bg-slate-800/60 [&::-webkit-details-marker]:hidden">
                    {answer.question}
                    <ChevronDown
                      aria-hidden
                      className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180"
                    />
                  </summary>
                  <div className="space-y-2 px-3 pb-3 text-sm text-slate-700 dark:text-slate-300">
                    {answer.paragraphs.map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
      {user && (
        <section className={card}>
          <ContactSupportForm replyTo={user.email} />
        </section>
      )}
    </div>
  );
}

export const StudentHelpPage = () => <HelpCenterPage role="student" />;
export const TutorHelpPage = () => <HelpCenterPage role="tutor" />;
