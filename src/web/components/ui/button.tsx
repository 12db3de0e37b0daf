import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';

const variants = {
  primary:
    'bg-indigo-600 text-white hover:bg-indigo-700 disabled:bg-indigo-400 dark:disabled:bg-indigo-950 dark:disabled:text-slate-400',
  // Disabled: greyed and without the hover, so it does not look like it can be pressed.
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-400 disabled:hover:bg-slate-100 dark:disabled:border-slate-800 dark:disabled:bg-slate-800 dark:disabled:text-slate-500 dark:disabled:hover:bg-slate-800',
  ghost:
    'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 disabled:text-slate-400 disabled:hover:bg-transparent dark:disabled:text-slate-500 dark:disabled:hover:bg-transparent',
} as const;

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors';

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: keyof typeof variants }) {
  return (
    <button
      type={type}
      className={`${base} disabled:cursor-not-allowed ${variants[variant]} ${className}`}
      {...props}
    />
  );
}

/** A link that looks like a button: navigation that is a page's main action. */
export function ButtonLink({
  variant = 'primary',
  className = '',
  ...props
}: LinkProps & { variant?: keyof typeof variants }) {
  return <Link className={`${base} ${variants[variant]} ${className}`} {...props} />;
}
