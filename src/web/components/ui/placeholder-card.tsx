import { Construction } from 'lucide-react';

/** A page that a coming release fills: says so plainly, never shows invented numbers. */
export function PlaceholderCard({ title, description }: { title: string; description: string }) {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-start gap-3">
          <Construction aria-hidden className="h-5 w-5 shrink-0 text-amber-500" />
          <div>
            <p className="font-semibold">Coming soon</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
          </div>
        </div>
      </div>
    </section>
  );
}
