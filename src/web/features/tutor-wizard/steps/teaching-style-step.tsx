import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../../domain/messages';
import {
  LESSON_SPECIALTIES,
  MAX_LESSON_SPECIALTIES,
  MAX_SPECIALIZATIONS,
  SPECIALIZATIONS,
  TEACHING_STYLE_SENTENCES,
  TEACHING_STYLES,
} from '../../../../domain/tutors/tutor-options';
import { teachingStyleSchema } from '../../../../domain/tutors/tutor-profile-rules';
import { FieldError } from '../../../components/ui/labelled-field';
import { StepShell } from '../step-shell';
import type { StepProps } from '../step-props';
import { useStepForm } from '../use-step-form';

const MULTI_CHOICES = [
  {
    name: 'lessonSpecialties',
    legend: 'Lesson specialties',
    options: LESSON_SPECIALTIES,
    max: MAX_LESSON_SPECIALTIES,
    limitMessage: M.specialtiesLimit,
  },
  {
    name: 'specializations',
    legend: 'Specializations',
    options: SPECIALIZATIONS,
    max: MAX_SPECIALIZATIONS,
    limitMessage: M.specializationsLimit,
  },
] as const;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Toggle chips for a multiple choice with a maximum. At the limit another chip is not selected
 * and the limit's message says why (a disabled chip would say nothing), until one is unselected.
 */
function ChoiceChips({
  legend,
  options,
  max,
  limitMessage,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: readonly string[];
  max: number;
  limitMessage: string;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  const [overLimit, setOverLimit] = useState(false);
  const toggle = (option: string) => {
    const checked = value.includes(option);
    setOverLimit(!checked && value.length >= max);
    if (checked) onChange(value.filter((item) => item !== option));
    else if (value.length < max) onChange([...value, option]);
  };
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">
        {legend}{' '}
        <span className="font-normal text-slate-500 dark:text-slate-400">
          ({value.length}/{max} selected)
        </span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = value.includes(option);
          return (
            <label
              key={option}
              className={`cursor-pointer rounded-full border px-3 py-1.5 text-sm has-focus-visible:outline-2 has-focus-visible:outline-indigo-500 ${
                checked
                  ? 'border-indigo-600 bg-indigo-600 text-white'
                  : 'border-slate-300 dark:border-slate-700'
              }`}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={checked}
                onChange={() => toggle(option)}
              />
              {option}
            </label>
          );
        })}
      </div>
      <div role="alert">
        <FieldError message={overLimit ? limitMessage : error} />
      </div>
    </fieldset>
  );
}

export function TeachingStyleStep({ initial, onSave, avatarUrl: _avatar, ...shell }: StepProps) {
  const { form, submit, ...state } = useStepForm(
    teachingStyleSchema,
    { teachingStyle: undefined, lessonSpecialties: [], specializations: [], ...initial },
    onSave,
  );
  const { errors } = form.formState;
  const style = form.watch('teachingStyle');

  return (
    <StepShell {...shell} {...state} onSubmit={submit}>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Your teaching style</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {TEACHING_STYLES.map((option) => (
            <label
              key={option}
              className={`cursor-pointer rounded-lg border p-3 has-focus-visible:outline-2 has-focus-visible:outline-indigo-500 ${
                style === option
                  ? 'border-indigo-600 bg-indigo-50 dark:bg-indigo-950'
                  : 'border-slate-300 dark:border-slate-700'
              }`}
            >
              <input
                type="radio"
                value={option}
                className="sr-only"
                {...form.register('teachingStyle')}
              />
              <span className="block font-medium">{capitalise(option)}</span>
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">
                {TEACHING_STYLE_SENTENCES[option]}
              </span>
            </label>
          ))}
        </div>
        <FieldError message={errors.teachingStyle?.message} />
      </fieldset>
      {MULTI_CHOICES.map(({ name, legend, options, max, limitMessage }) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field, fieldState }) => (
            <ChoiceChips
              legend={legend}
              options={options}
              max={max}
              limitMessage={limitMessage}
              value={field.value ?? []}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      ))}
    </StepShell>
  );
}
