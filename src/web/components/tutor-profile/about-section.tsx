import { useId, useState } from 'react';
import { DISCOVERY_MESSAGES as M } from '../../../domain/messages';
import { bioPreview } from '../../../domain/tutors/tutor-card';
import { ProfileSection } from './profile-section';

/** About Me: the bio cut at 400 characters with Read more / Show less. */
export function AboutSection({ bio }: { bio: string }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const preview = bioPreview(bio);
  return (
    <ProfileSection title="About Me">
      <p
        id={textId}
        className="text-sm leading-relaxed whitespace-pre-line text-slate-700 dark:text-slate-300"
        data-testid="about-text"
      >
        {expanded ? bio : preview.text}
      </p>
      {preview.isCut && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((value) => !value)}
          className="mt-2 text-sm font-semibold text-indigo-600 hover:underline dark:text-indigo-300"
        >
          {expanded ? M.showLess : M.readMore}
        </button>
      )}
    </ProfileSection>
  );
}
