import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod/mini';

/**
 * A step's form, validated as the tutor types with the step's shared schema (the server checks
 * the same one). `submit` saves through the wizard; its failure toast is the wizard's job.
 */
export function useStepForm<S extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: S,
  defaults: DefaultValues<z.input<S>>,
  onSave: (data: z.output<S>) => Promise<void>,
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // The resolver's generics cannot follow a generic schema; the schema fixes the real types.
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues: defaults,
    mode: 'onChange',
  });
  const [isSaving, setSaving] = useState(false);
  const submit = form.handleSubmit(async (data) => {
    setSaving(true);
    try {
      await onSave(data);
    } catch {
      // The wizard already told the tutor what failed; the form stays as typed.
    } finally {
      setSaving(false);
    }
  });
  const { isValid, submitCount, touchedFields } = form.formState;
  return {
    form,
    submit,
    isSaving,
    canSubmit: isValid,
    showStepError: submitCount > 0 || Object.keys(touchedFields).length > 0,
  };
}
