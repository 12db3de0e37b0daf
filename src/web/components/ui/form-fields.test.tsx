import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';

// The three framed controls share one frame: the label names the control, and what is shown
// under it (hint, error) is what a screen reader reads with it.

const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('form fields', () => {
  it('name each control by its label, and are described by nothing while all is well', () => {
    render(
      <>
        <TextField label="Name" />
        <SelectField label="Subject" placeholder="Any subject">
          <option value="2">Mathematics</option>
        </SelectField>
        <TextAreaField label="Description" rows={3} />
      </>,
    );
    for (const label of ['Name', 'Subject', 'Description']) {
      const control = screen.getByLabelText(label);
      expect(control.getAttribute('aria-invalid'), label).toBeNull();
      expect(control.hasAttribute('aria-describedby'), label).toBe(false);
    }
    const subject = screen.getByLabelText('Subject') as HTMLSelectElement;
    expect([...subject.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Any subject'],
      ['2', 'Mathematics'],
    ]);
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).rows).toBe(3);
  });

  it('mark a control invalid and read its message (after its hint) with it', () => {
    render(
      <>
        <TextField label="Name" error="Enter a name" />
        <SelectField label="Level" error="Choose a level">
          <option value="b1">B1</option>
        </SelectField>
        <TextAreaField label="Bio" hint={<p>12 / 1000</p>} error="Too short" />
      </>,
    );
    for (const [label, read] of [
      ['Name', ['Enter a name']],
      ['Level', ['Choose a level']],
      ['Bio', ['12 / 1000', 'Too short']],
    ] as const) {
      const control = screen.getByLabelText(label);
      expect(control.getAttribute('aria-invalid'), label).toBe('true');
      expect(describedBy(control), label).toEqual(read);
    }
  });

  it('keep an id the caller gives the input', () => {
    render(<TextField label="Email" id="email" error="Enter your email" />);
    const input = screen.getByLabelText('Email');
    expect(input.id).toBe('email');
    expect(describedBy(input)).toEqual(['Enter your email']);
  });
});
