import { initialsOf } from '../../../domain/tutors/tutor-card';

const sizes = { md: 'h-14 w-14 text-lg', lg: 'h-24 w-24 text-3xl' } as const;
/** The same sizes in pixels, for the image's width and height (its box is known before it loads). */
const pixels = { md: 56, lg: 96 } as const;

/** The tutor's photo, or their initials when there is none. */
export function TutorAvatar({
  firstName,
  lastName,
  avatarUrl,
  size = 'md',
}: {
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  size?: keyof typeof sizes;
}) {
  if (avatarUrl)
    return (
      <img
        src={avatarUrl}
        alt=""
        width={pixels[size]}
        height={pixels[size]}
        className={`${sizes[size]} shrink-0 rounded-full object-cover ring-2 ring-white dark:ring-slate-800`}
      />
    );
  return (
    <span
      aria-hidden
      className={`${sizes[size]} grid shrink-0 place-items-center rounded-full bg-indigo-100 font-semibold text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200`}
    >
      {initialsOf(firstName, lastName)}
    </span>
  );
}
