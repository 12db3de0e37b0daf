import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast/headless';
import { reviewInputSchema } from '../../../contracts/reviews.contract';
import { REVIEW_MESSAGES as M } from '../../../domain/messages';
import { REVIEW_TEXT_MAX } from '../../../domain/reviews/review-rules';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { CharacterCount } from '../../components/ui/character-count';
import { TextAreaField } from '../../components/ui/text-area-field';
import { messageOf } from '../../lib/api-client';
import { useSaveReview } from './reviews-api';
import { StarRatingInput } from './star-rating-input';

type Errors = { rating?: string; text?: string; form?: string };

/**
 * Stars and text for a lesson's review: a new one, or the student's own to edit. The contract's
 * schema checks it here first (the same limits as the server's), the server has the last word.
 */
export function ReviewForm({
  lessonId,
  initial,
  onDone,
  onCancel,
}: {
  lessonId: string;
  /** The review being edited; none for a new one. */
  initial?: { rating: number; text: string };
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [text, setText] = useState(initial?.text ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveReview(lessonId, initial !== undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewInputSchema.safeParse({ rating, text });
    if (!parsed.success) {
      const first = (field: string) =>
        parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setErrors({ rating: first('rating'), text: first('text') });
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ rating, text });
      toast.success(initial ? M.updated : M.saved);
      onDone?.();
    } catch (error) {
      setErrors({ form: messageOf(error, M.failed) });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      {errors.form && (
        <Banner kind="error" dismissible={false}>
          {errors.form}
        </Banner>
      )}
      <StarRatingInput
        name={`rating-${id}`}
        value={rating}
        onChange={setRating}
        error={errors.rating}
      />
      <TextAreaField
        label={M.text}
        rows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={errors.text}
        hint={<CharacterCount used={text.length} max={REVIEW_TEXT_MAX} />}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? M.saving : initial ? M.save : M.submit}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {M.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
