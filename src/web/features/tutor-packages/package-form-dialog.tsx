import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import type { z } from 'zod/mini';
import {
  tutorPackageSchema,
  type TutorPackage,
  type TutorPackageInput,
} from '../../../contracts/packages.contract';
import { PACKAGE_LIMITS as L } from '../../../domain/booking/packages';
import { TUTOR_PACKAGES_MESSAGES as M } from '../../../domain/messages';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField } from '../../components/ui/select-field';
import { TextAreaField } from '../../components/ui/text-area-field';
import { TextField } from '../../components/ui/text-field';
import { ApiError, messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useReferenceData } from '../../lib/reference-data';
import { ExamplePrice } from './example-price-note';
import { useSavePackage, type OwnTeaching } from './tutor-packages-api';

type Values = z.output<typeof tutorPackageSchema>;

/** A new package starts as a common offer: five lessons, 10 % off, three months to use them. */
const NEW_PACKAGE: TutorPackageInput = {
  name: '',
  subjectId: null,
  numberOfLessons: 5,
  discountPercentage: 10,
  validityDays: 90,
  description: '',
};

const valuesOf = (pkg: TutorPackage | null): TutorPackageInput =>
  pkg
    ? {
        name: pkg.name,
        subjectId: pkg.subjectId,
        numberOfLessons: pkg.numberOfLessons,
        discountPercentage: pkg.discountPercentage,
        validityDays: pkg.validityDays,
        description: pkg.description,
      }
    : NEW_PACKAGE;

/** The subjects a package may be limited to: the tutor's own, plus the one it already has. */
function useSubjectOptions(teaching: OwnTeaching | null, current: number | null) {
  const reference = useReferenceData();
  const options = (teaching?.subjects ?? []).map(({ id, name }) => ({ id, name }));
  if (current !== null && !options.some((option) => option.id === current)) {
    const name = reference.subjects.find((subject) => subject.id === current)?.name;
    options.push({ id: current, name: name ?? String(current) });
  }
  return options;
}

function PackageForm({
  editing,
  teaching,
  formId,
  save,
  onSaved,
}: {
  editing: TutorPackage | null;
  teaching: OwnTeaching | null;
  formId: string;
  save: ReturnType<typeof useSavePackage>;
  onSaved: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TutorPackageInput, unknown, Values>({
    resolver: zodResolver(tutorPackageSchema),
    defaultValues: valuesOf(editing),
  });
  const { errors } = form.formState;
  const [lessons, discount] = useWatch({
    control: form.control,
    name: ['numberOfLessons', 'discountPercentage'],
  });
  const subjects = useSubjectOptions(teaching, editing?.subjectId ?? null);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await save.mutateAsync({ id: editing?.id ?? null, values });
      notify.success(editing ? M.updated : M.created);
      onSaved();
    } catch (error) {
      // The server re-checks every rule: its field messages go under their fields.
      if (error instanceof ApiError)
        for (const [field, message] of Object.entries(error.fields))
          form.setError(field as Path<TutorPackageInput>, { message });
      setServerError(messageOf(error, M.saveFailed));
    }
  });

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
      {serverError && (
        <Banner kind="error" dismissible={false}>
          {serverError}
        </Banner>
      )}
      {editing && editing.timesBought > 0 && (
        <Banner kind="info" dismissible={false}>
          {M.boughtEditNote}
        </Banner>
      )}
      <TextField
        label={M.name}
        placeholder={M.namePlaceholder}
        maxLength={L.maxNameLength}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <SelectField
        label={M.subject}
        error={errors.subjectId?.message}
        {...form.register('subjectId', {
          setValueAs: (value: unknown) =>
            value === '' || value === null || value === undefined ? null : Number(value),
        })}
      >
        <option value="">{M.anySubject}</option>
        {subjects.map((subject) => (
          <option key={subject.id} value={subject.id}>
            {subject.name}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={M.numberOfLessons}
          type="number"
          inputMode="numeric"
          min={L.minLessons}
          max={L.maxLessons}
          error={errors.numberOfLessons?.message}
          {...form.register('numberOfLessons', { valueAsNumber: true })}
        />
        <TextField
          label={M.discount}
          type="number"
          inputMode="numeric"
          min={0}
          max={L.maxDiscountPercent}
          error={errors.discountPercentage?.message}
          {...form.register('discountPercentage', { valueAsNumber: true })}
        />
        <TextField
          label={M.validity}
          type="number"
          inputMode="numeric"
          min={L.minValidityDays}
          max={L.maxValidityDays}
          error={errors.validityDays?.message}
          {...form.register('validityDays', { valueAsNumber: true })}
        />
      </div>
      <ExamplePrice
        hourlyRateCents={teaching?.hourlyRateCents ?? null}
        lessons={lessons}
        discountPercent={discount}
      />
      <TextAreaField
        label={M.description}
        rows={3}
        maxLength={L.maxDescriptionLength}
        error={errors.description?.message}
        {...form.register('description')}
      />
    </form>
  );
}

/** Creates a package (`editing` null) or edits one, in a dialog. */
export function PackageFormDialog({
  open,
  editing,
  teaching,
  onClose,
}: {
  open: boolean;
  editing: TutorPackage | null;
  teaching: OwnTeaching | null;
  onClose: () => void;
}) {
  const formId = useId();
  // One save for the form and the footer's button, which shows its progress.
  const save = useSavePackage();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? M.editTitle : M.createTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {M.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? M.saving : M.save}
          </Button>
        </>
      }
    >
      <PackageForm
        key={editing?.id ?? 'new'}
        editing={editing}
        teaching={teaching}
        formId={formId}
        save={save}
        onSaved={onClose}
      />
    </Dialog>
  );
}
