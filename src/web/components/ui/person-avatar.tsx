/** Initials of a full name: first and last word ('Ana María López' -> 'AL'). */
function initialsOfName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

const sizes = { sm: 'h-10 w-10 text-sm', md: 'h-12 w-12 text-base' } as const;

/** A person's photo, or their initials when there is none (decorative: the name is beside it). */
export function PersonAvatar({
  name,
  avatarUrl,
  size = 'sm',
}: {
  name: string;
  avatarUrl: string | null;
  size?: keyof typeof sizes;
}) {
  if (avatarUrl)
    return (
      <img src={avatarUrl} alt="" className={`${sizes[size]} shrink-0 rounded-full object-cover`} />
    );
  return (
    <span
      aria-hidden
      className={`${sizes[size]} grid shrink-0 place-items-center rounded-full bg-indigo-100 font-semibold text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200`}
    >
      {initialsOfName(name)}
    </span>
  );
}
