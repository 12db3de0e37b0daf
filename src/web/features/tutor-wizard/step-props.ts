import type { ProfileStepCode } from '../../../domain/reference/reference-defaults';

/** What the wizard hands every step. */
export interface StepProps {
  step: ProfileStepCode;
  title: string;
  description: string;
  /** The step's saved data from the server draft, if any (shape checked by the form). */
  initial: Record<string, unknown> | undefined;
  /** Saves the step on the server; rejects with the message to show. */
  onSave: (data: Record<string, unknown>) => Promise<void>;
  onBack?: () => void;
  isLast: boolean;
  /** Signed URL of the photo the draft holds (media step). */
  avatarUrl: string | null;
  /**
   * On the Edit profile page, over the submitted profile: the step saves with 'Save changes'
   * (Cancel goes back), and nothing live changes before the save.
   */
  editing?: boolean;
}
