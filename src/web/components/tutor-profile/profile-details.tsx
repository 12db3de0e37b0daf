import { ExternalLink, GraduationCap } from 'lucide-react';
import type { TutorProfileResponse } from '../../../contracts/tutors.contract';
import { TUTOR_PROFILE_MESSAGES } from '../../../domain/messages';
import { levelLabel, teachingApproachOf } from '../../../domain/tutors/tutor-card';
import { parseVideoUrl } from '../../../domain/tutors/video-url';
import { VideoPoster } from '../video/video-poster';
import { LevelBadge, ProfileSection } from './profile-section';

// The profile page's descriptive sections: education, skills, teaching approach and video.

/** Education & Certificates: hidden when the tutor gave neither. */
export function EducationSection({ tutor }: { tutor: TutorProfileResponse }) {
  const { education, certificates } = tutor;
  const hasDegree = Boolean(education.title || education.university);
  if (!hasDegree && certificates.length === 0) return null;
  return (
    <ProfileSection title="Education & Certificates">
      <div className="space-y-4 text-sm">
        {hasDegree && (
          <div className="flex gap-3">
            <GraduationCap aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-indigo-500" />
            <div>
              <p className="font-semibold">
                {education.level}
                {education.title ? `, ${education.title}` : ''}
              </p>
              <p className="text-slate-600 dark:text-slate-400">
                {education.university} · {education.yearOfGraduation}
              </p>
            </div>
          </div>
        )}
        {certificates.length > 0 && (
          <ul className="space-y-2">
            {certificates.map((certificate) => (
              <li
                key={`${certificate.name}-${certificate.year}`}
                className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
              >
                <p className="font-semibold">{certificate.name}</p>
                <p className="text-slate-600 dark:text-slate-400">
                  {certificate.issuedBy} · {certificate.year}
                </p>
                {certificate.url && (
                  <a
                    href={certificate.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-1 inline-flex items-center gap-1 text-indigo-600 hover:underline dark:text-indigo-300"
                  >
                    View certificate <ExternalLink aria-hidden className="h-3.5 w-3.5" />
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </ProfileSection>
  );
}

function SkillList({ title, items }: { title: string; items: { name: string; level: string }[] }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-500 dark:text-slate-400">{title}</h3>
      <ul aria-label={title} className="space-y-2">
        {items.map((item) => (
          <li key={item.name} className="flex items-center justify-between gap-2 text-sm">
            <span>{item.name}</span>
            <LevelBadge>{levelLabel(item.level)}</LevelBadge>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SkillsSection({ tutor }: { tutor: TutorProfileResponse }) {
  return (
    <ProfileSection title="Subjects & Languages">
      <div className="grid gap-6 sm:grid-cols-2">
        <SkillList title="Subjects" items={tutor.subjects} />
        <SkillList title="Languages" items={tutor.languages} />
      </div>
    </ProfileSection>
  );
}

function TagList({ title, tags }: { title: string; tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-500 dark:text-slate-400">{title}</h3>
      <ul aria-label={title} className="flex flex-wrap gap-1.5">
        {tags.map((tag) => (
          <li
            key={tag}
            className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
          >
            {tag}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function TeachingApproachSection({ tutor }: { tutor: TutorProfileResponse }) {
  const approach = teachingApproachOf(tutor.teachingStyle);
  return (
    <ProfileSection title="Teaching Approach">
      <div className="space-y-4">
        {approach && (
          <div className="rounded-lg bg-indigo-50 p-4 dark:bg-indigo-950/60">
            <p className="font-semibold text-indigo-900 dark:text-indigo-100">{approach.label}</p>
            <p className="mt-1 text-sm text-indigo-900/80 dark:text-indigo-200">
              {approach.sentence}
            </p>
          </div>
        )}
        <TagList title="Lesson specialties" tags={tutor.lessonSpecialties} />
        <TagList title="Specializations" tags={tutor.specializations} />
      </div>
    </ProfileSection>
  );
}

export function VideoSection({ tutor }: { tutor: TutorProfileResponse }) {
  const video = tutor.videoUrl ? parseVideoUrl(tutor.videoUrl) : null;
  return (
    <ProfileSection title="Introduction Video">
      {video ? (
        <VideoPoster
          video={video}
          title={`Introduction video of ${tutor.name}`}
          posterUrl={tutor.avatarUrl}
        />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {tutor.videoUrl
            ? TUTOR_PROFILE_MESSAGES.invalidVideoUrl
            : TUTOR_PROFILE_MESSAGES.noVideoUrl}
        </p>
      )}
    </ProfileSection>
  );
}
