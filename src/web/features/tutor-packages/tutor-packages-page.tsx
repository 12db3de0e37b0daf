import { Package, Plus } from 'lucide-react';
import { useState } from 'react';
import type { TutorPackage } from '../../../contracts/packages.contract';
import { TUTOR_PACKAGES_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { EmptyState, ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useReferenceData } from '../../lib/reference-data';
import { PackageCard } from './package-card';
import { PackageFormDialog } from './package-form-dialog';
import { useOwnPackages, useOwnTeaching, useSetPackageActive } from './tutor-packages-api';

/** Offered packages first; each group keeps the server's order. */
const activeFirst = (packages: TutorPackage[]) => [
  ...packages.filter((pkg) => pkg.isActive),
  ...packages.filter((pkg) => !pkg.isActive),
];

/** The tutor's own packages: list, create and edit in a dialog, retire and reactivate. */
export function TutorPackagesPage() {
  const packages = useOwnPackages();
  const teaching = useOwnTeaching();
  const reference = useReferenceData();
  const setActive = useSetPackageActive();
  const [form, setForm] = useState<{ open: boolean; editing: TutorPackage | null }>({
    open: false,
    editing: null,
  });
  const [retiring, setRetiring] = useState<TutorPackage | null>(null);

  const subjectName = (id: number | null) =>
    id === null
      ? null
      : (teaching?.subjects.find((subject) => subject.id === id)?.name ??
        reference.subjects.find((subject) => subject.id === id)?.name ??
        null);

  const changeActive = (pkg: TutorPackage, isActive: boolean) =>
    setActive.mutate(
      { id: pkg.id, isActive },
      {
        onSuccess: () => {
          notify.success(isActive ? M.reactivatedToast : M.retiredToast);
          setRetiring(null);
        },
        onError: (error) => notify.error(messageOf(error, M.changeFailed)),
      },
    );

  const openForm = (editing: TutorPackage | null) => setForm({ open: true, editing });
  const newButton = (
    <Button onClick={() => openForm(null)}>
      <Plus aria-hidden className="h-4 w-4" />
      {M.newPackage}
    </Button>
  );

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-bold">{M.title}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{M.intro}</p>
        </div>
        {packages.isSuccess && packages.data.length > 0 && newButton}
      </div>
      {packages.isPending && <LoadingSkeleton label={M.loading} rows={3} />}
      {packages.isError && (
        <ErrorPanel message={M.loadFailed} onRetry={() => void packages.refetch()} />
      )}
      {packages.isSuccess &&
        (packages.data.length === 0 ? (
          <EmptyState
            icon={Package}
            title={M.noPackages}
            hint={M.noPackagesHint}
            action={newButton}
          />
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {activeFirst(packages.data).map((pkg) => (
              <PackageCard
                key={pkg.id}
                pkg={pkg}
                subjectName={subjectName(pkg.subjectId)}
                hourlyRateCents={teaching?.hourlyRateCents ?? null}
                busy={setActive.isPending && setActive.variables?.id === pkg.id}
                onEdit={() => openForm(pkg)}
                onRetire={() => setRetiring(pkg)}
                onReactivate={() => changeActive(pkg, true)}
              />
            ))}
          </ul>
        ))}
      <PackageFormDialog
        open={form.open}
        editing={form.editing}
        teaching={teaching}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
      <ConfirmDialog
        open={retiring !== null}
        title={M.retireTitle}
        message={retiring ? M.retireMessage(retiring.name) : ''}
        confirmLabel={M.retireConfirm}
        cancelLabel={M.cancel}
        busy={setActive.isPending}
        onConfirm={() => retiring && changeActive(retiring, false)}
        onCancel={() => setRetiring(null)}
      />
    </div>
  );
}
