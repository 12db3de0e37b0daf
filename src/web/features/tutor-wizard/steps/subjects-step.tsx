import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../../domain/messages';
import type { Level } from '../../../../domain/reference/reference-defaults';
import { subjectsSchema } from '../../../../domain/tutors/tutor-profile-rules';
import { Button } from '../../../components/ui/button';
import { useReferenceData } from '../../../lib/reference-data';
import { FieldError } from '../../../components/ui/labelled-field';
import { SelectField } from '../../../components/ui/select-field';
import { StepShell } from '../step-shell';
import type { StepProps } from '../step-props';
import { useStepForm } from '../use-step-form';

type Entry = { name: string; level: string };

export function SubjectsStep({ initial, onSave, avatarUrl: _avatar, ...shell }: StepProps) {
  const reference = useReferenceData();
  const maxSubjects = reference.settings.tutorProfileLimits.max_subjects;
  const schema = useMemo(
    () =>
      subjectsSchema({
        subjects: reference.subjects.map((subject) => subject.name),
        subjectLevels: reference.subjectLevels.map((level) => level.code),
        languages: reference.languages.map((language) => language.name),
        languageLevels: reference.languageLevels.map((level) => level.code),
        maxSubjects,
      }),
    [reference, maxSubjects],
  );
  const { form, submit, ...state } = useStepForm(
    schema,
    { subjects: [{ name: '', level: '' }], languages: [{ name: '', level: '' }], ...initial },
    onSave,
  );
  const subjects = useFieldArray({ control: form.control, name: 'subjects' });
  const languages = useFieldArray({ control: form.control, name: 'languages' });
  const { errors } = form.formState;
  // The lists' own messages (none picked, a duplicate, too many) straight from the schema: the
  // form reports errors per changed field, so a list's message would wait for a submit that the
  // disabled Continue never allows.
  const listIssues = schema.safeParse(form.watch()).error?.issues ?? [];
  const listMessage = (kind: 'subjects' | 'languages') =>
    listIssues.find((issue) => issue.path.length === 1 && issue.path[0] === kind)?.message;
  // Add at the limit adds nothing and says why, until a row is removed.
  const [overLimit, setOverLimit] = useState(false);

  const rows = (
    kind: 'subjects' | 'languages',
    fields: { id: string }[],
    names: string[],
    levels: Level[],
    remove: (index: number) => void,
  ) =>
    fields.map((field, index) => {
      const rowErrors = errors[kind]?.[index];
      const noun = kind === 'subjects' ? 'Subject' : 'Language';
      return (
        <div key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
          <SelectField
            label={`${noun} ${index + 1}`}
            placeholder={`Select a ${noun.toLowerCase()}`}
            error={rowErrors?.name?.message}
            {...form.register(`${kind}.${index}.name`)}
          >
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Level"
            placeholder="Select a level"
            error={rowErrors?.level?.message}
            {...form.register(`${kind}.${index}.level`)}
          >
            {levels.map((level) => (
              <option key={level.code} value={level.code}>
                {level.name}
              </option>
            ))}
          </SelectField>
          <button
            type="button"
            aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`}
            onClick={() => remove(index)}
            className="mt-7 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-red-600 dark:hover:bg-slate-800"
          >
            <Trash2 aria-hidden className="h-4 w-4" />
          </button>
        </div>
      );
    });

  const section = (
    kind: 'subjects' | 'languages',
    heading: ReactNode,
    list: Pick<typeof subjects, 'fields' | 'remove'> & { append: (entry: Entry) => void },
    names: string[],
    levels: Level[],
    max?: number,
  ) => (
    <section className="space-y-3" aria-labelledby={`${kind}-heading`}>
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${kind}-heading`} className="font-semibold">
          {heading}
        </h3>
        <Button
          variant="secondary"
          onClick={() => {
            if (max !== undefined && list.fields.length >= max) setOverLimit(true);
            else list.append({ name: '', level: '' });
          }}
        >
          <Plus aria-hidden className="h-4 w-4" /> Add{' '}
          {kind === 'subjects' ? 'subject' : 'language'}
        </Button>
      </div>
      {rows(kind, list.fields, names, levels, (index) => {
        setOverLimit(false);
        list.remove(index);
      })}
      <div role="alert">
        <FieldError
          message={max !== undefined && overLimit ? M.subjectLimit(max) : listMessage(kind)}
        />
      </div>
    </section>
  );

  return (
    <StepShell {...shell} {...state} onSubmit={submit} stepError={M.subjectsStepInvalid}>
      {section(
        'subjects',
        <>
          Subjects you teach{' '}
          <span className="font-normal text-slate-500 dark:text-slate-400">
            (up to {maxSubjects})
          </span>
        </>,
        subjects,
        reference.subjects.map((subject) => subject.name),
        reference.subjectLevels,
        maxSubjects,
      )}
      {section(
        'languages',
        'Languages you speak',
        languages,
        reference.languages.map((language) => language.name),
        reference.languageLevels,
      )}
    </StepShell>
  );
}
