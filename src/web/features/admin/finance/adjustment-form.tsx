import { toast } from 'react-hot-toast/headless';
import { useState, type FormEvent } from 'react';
import { FINANCE_MESSAGES as M } from '../../../../domain/ledger/finance-messages';
import { PAYOUT_MESSAGES } from '../../../../domain/ledger/payout-messages';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { messageOf } from '../../../lib/api-client';
import { useAdjustBalance, type Finance } from './finance-api';

/** Dollars as typed ("12.50", "-5") to cents; null when it is not an amount other than zero. */
export function centsOf(text: string): number | null {
  const match = /^\s*(-)?(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return cents === 0 ? null : match[1] ? -cents : cents;
}

type Errors = { tutor?: string; amount?: string; reason?: string };

export function AdjustmentForm({ tutors }: { tutors: Finance['tutors'] }) {
  const adjust = useAdjustBalance();
  const [tutorProfileId, setTutor] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountCents = centsOf(amount);
    const found: Errors = {
      ...(!tutorProfileId && { tutor: M.tutorRequired }),
      ...(amountCents === null && { amount: M.amountInvalid }),
      ...(reason.trim().length < 5 && { reason: PAYOUT_MESSAGES.adjustmentReason }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0 || amountCents === null) return;
    adjust.mutate(
      { tutorProfileId, amountCents, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(M.adjusted);
          setAmount('');
          setReason('');
        },
        onError: (error) => toast.error(messageOf(error, M.adjustFailed)),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label={M.adjustment}
    >
      <SelectField
        label={M.adjustmentTutor}
        placeholder={M.chooseTutor}
        value={tutorProfileId}
        onChange={(event) => setTutor(event.target.value)}
        error={errors.tutor}
      >
        {tutors.map((tutor) => (
          <option key={tutor.tutorProfileId} value={tutor.tutorProfileId}>
            {tutor.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={M.adjustmentAmount}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={errors.amount}
      />
      <TextAreaField
        label={M.adjustmentReason}
        className="sm:col-span-2"
        rows={2}
        maxLength={300}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={errors.reason}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={adjust.isPending}>
          {M.adjust}
        </Button>
      </div>
    </form>
  );
}
