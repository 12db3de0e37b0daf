import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../../domain/messages';
import { LESSON_SPECIALTIES, SPECIALIZATIONS } from '../../../../domain/tutors/tutor-options';
import { serveSignedIn } from '../../../test/fake-api';
import { signedInStudent } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import type { StepProps } from '../step-props';
import { SubjectsStep } from './subjects-step';
import { TeachingStyleStep } from './teaching-style-step';

// Wizard steps 3 and 4 say what is wrong with a list (a duplicate, the limit) where the tutor
// looks, instead of only disabling Continue or a button.

const tutorUser = { ...signedInStudent, id: 'tutor-1', role: 'tutor' as const };

function stepProps(initial: StepProps['initial']): StepProps {
  return {
    step: 'subjects',
    title: 'Subjects & Languages',
    description: 'What you teach',
    initial,
    onSave: async () => {},
    isLast: false,
    avatarUrl: null,
  };
}

/** Renders a step for a signed-in tutor; returns the user to act with. */
function renderStep(step: ReactElement) {
  serveSignedIn(tutorUser);
  const user = userEvent.setup();
  renderInApp(step);
  return user;
}

const subjectsSection = () => screen.getByRole('region', { name: /Subjects you teach/ });
const languagesSection = () => screen.getByRole('region', { name: 'Languages you speak' });

describe('wizard step 3, subjects and languages', () => {
  it('says a subject or a language is already added', async () => {
    const user = renderStep(
      <SubjectsStep
        {...stepProps({
          subjects: [
            { name: 'Mathematics', level: 'expert' },
            { name: 'Physics', level: 'advanced' },
          ],
          languages: [
            { name: 'English', level: 'native' },
            { name: 'French', level: 'fluent' },
          ],
        })}
      />,
    );
    const continueButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Continue' });
    expect(screen.queryByText(M.subjectDuplicate)).toBeNull();

    await user.selectOptions(screen.getByLabelText('Subject 2'), 'Mathematics');
    expect(await within(subjectsSection()).findByText(M.subjectDuplicate)).toBeTruthy();
    expect(continueButton.disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('Language 1'), 'French');
    expect(await within(languagesSection()).findByText(M.languageDuplicate)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Subject 2'), 'Chemistry');
    await user.selectOptions(screen.getByLabelText('Language 1'), 'English');
    expect(screen.queryByText(M.subjectDuplicate)).toBeNull();
    expect(screen.queryByText(M.languageDuplicate)).toBeNull();
    expect(continueButton.disabled).toBe(false);
  });

  it('does not call two rows still to fill duplicates', async () => {
    const user = renderStep(<SubjectsStep {...stepProps(undefined)} />);
    await user.click(screen.getByRole('button', { name: 'Add subject' }));
    expect(screen.getByLabelText('Subject 2')).toBeTruthy();
    expect(screen.queryByText(M.subjectDuplicate)).toBeNull();
  });

  it('says the subject limit when a fourth subject is asked for', async () => {
    const user = renderStep(
      <SubjectsStep
        {...stepProps({
          subjects: ['Mathematics', 'Physics', 'Chemistry'].map((name) => ({
            name,
            level: 'expert',
          })),
          languages: [{ name: 'English', level: 'native' }],
        })}
      />,
    );
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add subject' });
    expect(add.disabled).toBe(false);
    await user.click(add);
    expect(within(subjectsSection()).getByText(M.subjectLimit(3))).toBeTruthy();
    expect(screen.queryByLabelText('Subject 4')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove subject 3' }));
    expect(screen.queryByText(M.subjectLimit(3))).toBeNull();
    await user.click(add);
    expect(screen.getByLabelText('Subject 3')).toBeTruthy();
  });
});

describe('wizard step 4, teaching style', () => {
  it('says the limits of lesson specialties and specializations instead of disabling chips', async () => {
    const user = renderStep(
      <TeachingStyleStep
        {...stepProps({
          teachingStyle: 'structured',
          lessonSpecialties: LESSON_SPECIALTIES.slice(0, 5),
          specializations: SPECIALIZATIONS.slice(0, 3),
        })}
        step="teaching_style"
      />,
    );
    const sixth = screen.getByRole<HTMLInputElement>('checkbox', { name: LESSON_SPECIALTIES[5] });
    expect(sixth.disabled).toBe(false);
    await user.click(sixth);
    expect(screen.getByText(M.specialtiesLimit)).toBeTruthy();
    expect(sixth.checked).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: SPECIALIZATIONS[3] }));
    expect(screen.getByText(M.specializationsLimit)).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: SPECIALIZATIONS[3] }) as HTMLInputElement).checked,
    ).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: LESSON_SPECIALTIES[0] }));
    await user.click(sixth);
    expect(sixth.checked).toBe(true);
    expect(screen.queryByText(M.specialtiesLimit)).toBeNull();
  });
});
