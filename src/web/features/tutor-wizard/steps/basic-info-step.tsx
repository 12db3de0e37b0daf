import { useMemo } from 'react';
import {
  BIO_MAX,
  BIO_MIN,
  BIO_WARNING_FROM,
  DEFAULT_HOURLY_RATE,
} from '../../../../domain/tutors/tutor-options';
import { centsToDollars } from '../../../../domain/money';
import { COUNTRY_NAMES } from '../../../../domain/tutors/countries';
import { basicInfoFormSchema } from '../../../../domain/tutors/tutor-profile-rules';
import { TextField } from '../../../components/ui/text-field';
import { useReferenceData } from '../../../lib/reference-data';
import { SelectField } from '../../../components/ui/select-field';
import { CharacterCount } from '../../../components/ui/character-count';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { StepShell } from '../step-shell';
import type { StepProps } from '../step-props';
import { useStepForm } from '../use-step-form';

export function BasicInfoStep({ initial, onSave, avatarUrl: _avatar, ...shell }: StepProps) {
  const reference = useReferenceData();
  const limits = reference.settings.tutorProfileLimits;
  const schema = useMemo(() => basicInfoFormSchema(limits, COUNTRY_NAMES), [limits]);
  // The step is saved with the rate in cents; the tutor sees and types dollars.
  const { hourlyRateCents, ...saved } = initial ?? {};
  const { form, submit, ...state } = useStepForm(
    schema,
    {
      bio: '',
      teachingExperience: undefined,
      countryOfResidence: '',
      nativeLanguage: '',
      ...saved,
      hourlyRate:
        typeof hourlyRateCents === 'number' ? centsToDollars(hourlyRateCents) : DEFAULT_HOURLY_RATE,
    },
    onSave,
  );
  const { errors } = form.formState;
  const bioLength = (form.watch('bio') ?? '').length;

  return (
    <StepShell {...shell} {...state} onSubmit={submit}>
      <TextAreaField
        label="Professional bio"
        controlClassName="min-h-40"
        placeholder="Introduce yourself: your background, how you teach and who you help best."
        error={errors.bio?.message}
        maxLength={BIO_MAX + 100}
        hint={
          <CharacterCount
            used={bioLength}
            max={BIO_MAX}
            warnFrom={BIO_WARNING_FROM}
            suffix={`characters (at least ${BIO_MIN})`}
          />
        }
        {...form.register('bio')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Teaching experience (years)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.teachingExperience?.message}
          {...form.register('teachingExperience', { valueAsNumber: true })}
        />
        <div>
          <TextField
            label="Hourly rate (USD)"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={limits.min_hourly_rate}
            max={limits.max_hourly_rate}
            error={errors.hourlyRate?.message}
            {...form.register('hourlyRate', { valueAsNumber: true })}
          />
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            New tutors usually charge $15-25 per hour, experienced tutors $25-50, specialists $50+.
          </p>
        </div>
        <SelectField
          label="Country of residence"
          placeholder="Select your country"
          autoComplete="country-name"
          error={errors.countryOfResidence?.message}
          {...form.register('countryOfResidence')}
        >
          {COUNTRY_NAMES.map((country) => (
            <option key={country}>{country}</option>
          ))}
        </SelectField>
        <SelectField
          label="Native language"
          placeholder="Select your native language"
          error={errors.nativeLanguage?.message}
          {...form.register('nativeLanguage')}
        >
          {reference.languages.map((language) => (
            <option key={language.id} value={language.name}>
              {language.name}
            </option>
          ))}
        </SelectField>
      </div>
    </StepShell>
  );
}
