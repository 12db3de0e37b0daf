import {
  forwardRef,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { CODE_LENGTH } from '../../../domain/accounts/account-rules';

export interface CodeBoxesHandle {
  clear(): void;
}

/** Six single-digit boxes; calls onComplete with the code on the sixth digit or a full paste. */
export const CodeBoxes = forwardRef<
  CodeBoxesHandle,
  { disabled: boolean; onComplete(code: string): void; onInvalidPaste(): void }
>(function CodeBoxes({ disabled, onComplete, onInvalidPaste }, ref) {
  const [digits, setDigits] = useState<string[]>(Array(CODE_LENGTH).fill(''));
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => inputs.current[index]?.focus();

  useImperativeHandle(ref, () => ({
    clear: () => setDigits(Array(CODE_LENGTH).fill('')),
  }));
  // Once the boxes are usable and empty (first show, or cleared after a wrong code), the
  // first one takes the focus.
  const empty = digits.every((digit) => digit === '');
  useEffect(() => {
    if (!disabled && empty) focus(0);
  }, [disabled, empty]);

  const update = (next: string[]) => {
    setDigits(next);
    if (next.every((digit) => digit !== '')) onComplete(next.join(''));
  };

  const onChange = (index: number, value: string) => {
    const digit = value.replace(/\D/g, '').slice(-1);
    const next = [...digits];
    next[index] = digit;
    update(next);
    if (digit && index < CODE_LENGTH - 1) focus(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) focus(index - 1);
    if (event.key === 'ArrowLeft' && index > 0) focus(index - 1);
    if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) focus(index + 1);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const text = event.clipboardData.getData('text').trim();
    if (!/^\d{6}$/.test(text)) {
      onInvalidPaste();
      return;
    }
    update(text.split(''));
    focus(CODE_LENGTH - 1);
  };

  return (
    <div className="flex justify-center gap-2" role="group" aria-label="Verification code">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          value={digit}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          aria-label={`Digit ${index + 1}`}
          onChange={(event) => onChange(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          className="h-12 w-11 rounded-lg border border-slate-300 bg-white text-center text-xl font-semibold sm:h-14 sm:w-12 dark:border-slate-700 dark:bg-slate-900"
        />
      ))}
    </div>
  );
});
