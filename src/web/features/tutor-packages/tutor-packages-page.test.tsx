import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  tutorPackage,
  tutorPackageSchema,
  type TutorPackage,
} from '../../../contracts/packages.contract';
import { tutorProfileResponse } from '../../../contracts/tutors.contract';
import { PAYMENT_MESSAGES as P, TUTOR_PACKAGES_MESSAGES as M } from '../../../domain/messages';
import { tutor } from '../../test/booking-fixtures';
import { signedInStudent } from '../../test/fixtures';
import { serveSignedIn, type ApiRequest, type Reply } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { TutorPackagesPage } from './tutor-packages-page';

const tutorUser = { ...signedInStudent, id: 'tutor-user-1', role: 'tutor' as const };

// The tutor teaches Mathematics (2) and Physics (3) at $30 an hour: $25 a 50-minute lesson.
const ownProfile = tutorProfileResponse.parse({
  ...tutor,
  subjects: [
    { id: 2, name: 'Mathematics', level: 'expert' },
    { id: 3, name: 'Physics', level: 'advanced' },
  ],
  hourlyRateCents: 3000,
});

const examPrep = tutorPackage.parse({
  id: 'pkg-1',
  name: 'Exam prep',
  subjectId: 2,
  numberOfLessons: 5,
  discountPercentage: 10,
  validityDays: 90,
  description: 'Past papers, timed.',
  isActive: true,
  timesBought: 2,
});
const oldBundle = tutorPackage.parse({
  id: 'pkg-2',
  name: 'Old bundle',
  subjectId: null,
  numberOfLessons: 3,
  discountPercentage: 0,
  validityDays: 30,
  description: '',
  isActive: false,
  timesBought: 0,
});

/** A tutor's packages kept as the server would: the list, create, edit and (de)activate. */
function servePackages(
  initial: TutorPackage[],
  { create }: { create?: (request: ApiRequest) => Reply | undefined } = {},
) {
  let packages = [...initial];
  const replace = (saved: TutorPackage) => {
    packages = packages.map((pkg) => (pkg.id === saved.id ? saved : pkg));
    return { json: { package: saved } };
  };
  const find = (request: ApiRequest) =>
    packages.find((pkg) => request.url.pathname.split('/')[4] === pkg.id)!;
  const api = serveSignedIn(tutorUser, {
    'GET /api/tutor/profile': { json: { tutorProfileId: ownProfile.id } },
    [`GET /api/tutors/${ownProfile.id}`]: { json: ownProfile },
    'GET /api/tutor/packages': () => ({ json: { packages } }),
    'POST /api/tutor/packages': (request) => {
      const refused = create?.(request);
      if (refused) return refused;
      const values = tutorPackageSchema.parse(request.body);
      const created = {
        ...values,
        id: `pkg-${packages.length + 1}`,
        isActive: true,
        timesBought: 0,
      };
      packages = [...packages, created];
      return { status: 201, json: { package: created } };
    },
    'PUT /api/tutor/packages/pkg-1': (request) =>
      replace({ ...find(request), ...tutorPackageSchema.parse(request.body) }),
    'PUT /api/tutor/packages/pkg-1/active': (request) =>
      replace({ ...find(request), ...(request.body as { isActive: boolean }) }),
    'PUT /api/tutor/packages/pkg-2/active': (request) =>
      replace({ ...find(request), ...(request.body as { isActive: boolean }) }),
  });
  return api;
}

const cardOf = (name: string) =>
  screen
    .getAllByTestId('tutor-package')
    .find((card) => within(card).queryByRole('heading', { name }))!;
const openPage = () => renderInApp(<TutorPackagesPage />, { path: '/tutor/packages' });
const sent = (api: { requests: ApiRequest[] }, method: string) =>
  api.requests.filter((request) => request.method === method);

describe('TutorPackagesPage', () => {
  it('lists the tutor’s packages, offered first, with their terms and what students pay', async () => {
    servePackages([oldBundle, examPrep]);
    openPage();
    await screen.findByRole('heading', { name: 'Exam prep' });
    expect(
      screen
        .getAllByTestId('tutor-package')
        .map((card) => within(card).getByRole('heading').textContent),
    ).toEqual(['Exam prep', 'Old bundle']);

    const exam = within(cardOf('Exam prep'));
    expect(exam.getByText(M.active)).toBeTruthy();
    for (const fact of [
      '5 lessons',
      '10% off',
      'Valid for 90 days',
      'Mathematics',
      'Bought 2 times',
    ])
      expect(exam.getByText(fact)).toBeTruthy();
    expect(exam.getByText('Past papers, timed.')).toBeTruthy();
    // 5 x $25, 10 % off.
    expect(await exam.findByText(M.examplePrice(5, 50, '$112.50', '$22.50'))).toBeTruthy();
    expect(exam.getByRole('button', { name: 'Edit Exam prep' })).toBeTruthy();
    expect(exam.getByRole('button', { name: 'Retire Exam prep' })).toBeTruthy();

    const old = within(cardOf('Old bundle'));
    expect(old.getByText(M.retired)).toBeTruthy();
    for (const fact of [M.anySubject, M.discountOff(0), M.timesBought(0)])
      expect(old.getByText(fact)).toBeTruthy();
    expect(old.getByRole('button', { name: 'Reactivate Old bundle' })).toBeTruthy();
  });

  it('creates a package: field messages first, then the saved package joins the list', async () => {
    const user = userEvent.setup();
    const api = servePackages([]);
    openPage();
    expect(await screen.findByText(M.noPackages)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: M.newPackage }));

    const dialog = within(await screen.findByRole('dialog', { name: M.createTitle }));
    // The tutor's own subjects, and what students would pay for the suggested terms.
    const subject = dialog.getByLabelText(M.subject) as HTMLSelectElement;
    expect([...subject.options].map((option) => option.text)).toEqual([
      M.anySubject,
      'Mathematics',
      'Physics',
    ]);
    expect(await dialog.findByText(M.examplePrice(5, 50, '$112.50', '$22.50'))).toBeTruthy();

    const lessons = dialog.getByLabelText(M.numberOfLessons);
    await user.clear(lessons);
    await user.type(lessons, '60');
    await user.click(dialog.getByRole('button', { name: M.save }));
    expect(await dialog.findByText(P.packageNameRequired)).toBeTruthy();
    expect(dialog.getByText(P.packageLessonsRange)).toBeTruthy();
    expect(dialog.getByLabelText(M.name).getAttribute('aria-invalid')).toBe('true');
    expect(dialog.queryByTestId('example-price')).toBeNull();
    expect(sent(api, 'POST')).toHaveLength(0);

    await user.type(dialog.getByLabelText(M.name), 'Intensive');
    await user.selectOptions(subject, 'Physics');
    await user.clear(lessons);
    await user.type(lessons, '10');
    const discount = dialog.getByLabelText(M.discount);
    await user.clear(discount);
    await user.type(discount, '20');
    const validity = dialog.getByLabelText(M.validity);
    await user.clear(validity);
    await user.type(validity, '60');
    await user.type(dialog.getByLabelText(M.description), 'Two lessons a week.');
    // 10 x $25, 20 % off.
    expect(dialog.getByText(M.examplePrice(10, 50, '$200.00', '$20.00'))).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: M.save }));

    expect(await screen.findByText(M.created)).toBeTruthy();
    expect(sent(api, 'POST').map((request) => request.body)).toEqual([
      {
        name: 'Intensive',
        subjectId: 3,
        numberOfLessons: 10,
        discountPercentage: 20,
        validityDays: 60,
        description: 'Two lessons a week.',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = within(cardOf('Intensive'));
    for (const fact of ['10 lessons', '20% off', 'Valid for 60 days', 'Physics', M.timesBought(0)])
      expect(card.getByText(fact)).toBeTruthy();
  });

  it('shows what the server refused, under the field and at the top of the form', async () => {
    const user = userEvent.setup();
    servePackages([examPrep], {
      create: () => ({
        status: 400,
        json: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'You already have a package with this name',
            fields: { name: 'You already have a package with this name' },
          },
        },
      }),
    });
    openPage();
    await user.click(await screen.findByRole('button', { name: M.newPackage }));
    const dialog = within(await screen.findByRole('dialog', { name: M.createTitle }));
    await user.type(dialog.getByLabelText(M.name), 'Exam prep');
    await user.click(dialog.getByRole('button', { name: M.save }));

    expect(await dialog.findByRole('alert')).toBeTruthy();
    expect(dialog.getAllByText('You already have a package with this name')).toHaveLength(2);
    expect(dialog.getByLabelText(M.name).getAttribute('aria-invalid')).toBe('true');
    // The form stays as typed, to correct.
    expect((dialog.getByLabelText(M.name) as HTMLInputElement).value).toBe('Exam prep');
  });

  it('edits a package in place, telling the tutor that buyers keep what they bought', async () => {
    const user = userEvent.setup();
    const api = servePackages([examPrep]);
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Exam prep' }));
    const dialog = within(await screen.findByRole('dialog', { name: M.editTitle }));
    expect(dialog.getByText(M.boughtEditNote)).toBeTruthy();
    expect((dialog.getByLabelText(M.name) as HTMLInputElement).value).toBe('Exam prep');
    await waitFor(() =>
      expect((dialog.getByLabelText(M.subject) as HTMLSelectElement).value).toBe('2'),
    );

    const discount = dialog.getByLabelText(M.discount);
    await user.clear(discount);
    await user.type(discount, '15');
    await user.click(dialog.getByRole('button', { name: M.save }));

    expect(await screen.findByText(M.updated)).toBeTruthy();
    expect(sent(api, 'PUT').map((request) => [request.url.pathname, request.body])).toEqual([
      [
        '/api/tutor/packages/pkg-1',
        {
          name: 'Exam prep',
          subjectId: 2,
          numberOfLessons: 5,
          discountPercentage: 15,
          validityDays: 90,
          description: 'Past papers, timed.',
        },
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(cardOf('Exam prep')).getByText('15% off')).toBeTruthy();
  });

  it('retires a package after asking, and reactivates a retired one', async () => {
    const user = userEvent.setup();
    const api = servePackages([examPrep, oldBundle]);
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Retire Exam prep' }));
    const confirm = within(await screen.findByRole('dialog', { name: M.retireTitle }));
    expect(confirm.getByText(M.retireMessage('Exam prep'))).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: M.retireConfirm }));

    expect(await screen.findByText(M.retiredToast)).toBeTruthy();
    await waitFor(() => expect(within(cardOf('Exam prep')).getByText(M.retired)).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reactivate Old bundle' }));
    expect(await screen.findByText(M.reactivatedToast)).toBeTruthy();
    await waitFor(() => expect(within(cardOf('Old bundle')).getByText(M.active)).toBeTruthy());
    expect(sent(api, 'PUT').map((request) => [request.url.pathname, request.body])).toEqual([
      ['/api/tutor/packages/pkg-1/active', { isActive: false }],
      ['/api/tutor/packages/pkg-2/active', { isActive: true }],
    ]);
  });
});
