import { GraduationCap } from 'lucide-react';

export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-bold text-slate-900 dark:text-white">
      <span className="grid h-8 w-8 place-items-center rounded-lg bg-indigo-600 text-white">
        <GraduationCap aria-hidden className="h-5 w-5" />
      </span>
      {!compact && <span className="text-lg">Tutora</span>}
    </span>
  );
}
