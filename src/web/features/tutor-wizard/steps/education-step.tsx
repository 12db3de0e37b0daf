import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { useFieldArray } from 'react-hook-form';
import { graduationYearChoices } from '../../../../domain/tutors/tutor-options';
import { educationSchema } from '../../../../domain/tutors/tutor-profile-rules';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useReferenceData } from '../../../lib/reference-data';
import { SelectField } from '../../../components/ui/select-field';
import { StepShell } from '../step-shell';
import type { StepProps } from '../step-props';
import { useStepForm } from '../use-step-form';

export function EducationStep({ initial, onSave, avatarUrl: _avatar, ...shell }: StepProps) {
  const reference = useReferenceData();
  const now = useMemo(() => new Date(), []);
  const schema = useMemo(
    () =>
      educationSchema({
        educationLevels: reference.educationLevels.map((level) => level.name),
        now,
      }),
    [reference, now],
  );
  const { form, submit, ...state } = useStepForm(
    schema,
    {
      educationLevel: '',
      educationTitle: '',
      university: '',
      yearOfGraduation: undefined,
      certificates: [],
      ...initial,
    },
    onSave,
  );
  const certificates = useFieldArray({ control: form.control, name: 'certificates' });
  const { errors } = form.formState;
  const years = graduationYearChoices(now);

  return (
    <StepShell {...shell} {...state} onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Education level"
          placeholder="Select your education level"
          error={errors.educationLevel?.message}
          {...form.register('educationLevel')}
        >
          {reference.educationLevels.map((level) => (
            <option key={level.id} value={level.name}>
              {level.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Degree or title"
          placeholder="e.g. BSc Mathematics"
          error={errors.educationTitle?.message}
          {...form.register('educationTitle')}
        />
        <TextField
          label="University or institution"
          error={errors.university?.message}
          {...form.register('university')}
        />
        <SelectField
          label="Year of graduation"
          placeholder="Select a year"
          error={errors.yearOfGraduation?.message}
          {...form.register('yearOfGraduation', {
            setValueAs: (value: string) => (value === '' ? undefined : Number(value)),
          })}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </SelectField>
      </div>

      <section aria-labelledby="certificates-heading" className="space-y-3">
        <div className="flex items-center justify-between">
          <h3 id="certificates-heading" className="font-semibold">
            Certificates{' '}
            <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
          </h3>
          <Button
            variant="secondary"
            onClick={() =>
              certificates.append({ name: '', issuedBy: '', year: undefined as never, url: '' })
            }
          >
            <Plus aria-hidden className="h-4 w-4" /> Add certificate
          </Button>
        </div>
        {certificates.fields.map((field, index) => {
          const fieldErrors = errors.certificates?.[index];
          return (
            <fieldset
              key={field.id}
              className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-800"
            >
              <legend className="px-1 text-sm font-medium">Certificate {index + 1}</legend>
              <TextField
                label="Certificate name"
                error={fieldErrors?.name?.message}
                {...form.register(`certificates.${index}.name`)}
              />
              <TextField
                label="Issuing organization"
                error={fieldErrors?.issuedBy?.message}
                {...form.register(`certificates.${index}.issuedBy`)}
              />
              <TextField
                label="Year"
                type="number"
                inputMode="numeric"
                error={fieldErrors?.year?.message}
                {...form.register(`certificates.${index}.year`, { valueAsNumber: true })}
              />
              <TextField
                label="Certificate URL (optional)"
                type="url"
                placeholder="https://"
                error={fieldErrors?.url?.message}
                {...form.register(`certificates.${index}.url`)}
              />
              <div className="sm:col-span-2">
                <Button variant="ghost" onClick={() => certificates.remove(index)}>
                  <Trash2 aria-hidden className="h-4 w-4" /> Remove certificate {index + 1}
                </Button>
              </div>
            </fieldset>
          );
        })}
      </section>
    </StepShell>
  );
}
