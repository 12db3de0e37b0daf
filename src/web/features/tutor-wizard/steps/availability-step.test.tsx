import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../../domain/messages';
import { serveSignedIn } from '../../../test/fake-api';
import { signedInStudent } from '../../../test/fixtures';
import { renderRouter } from '../../../test/render';
import { queryKeys } from '../../../lib/query-keys';
import type { StepProps } from '../step-props';
import { AvailabilityStep } from './availability-step';

// Wizard step 6: the week being drawn survives a reload (kept in the tab until it is saved),
// and leaving with it unsaved asks first.

const tutorUser = { ...signedInStudent, id: 'tutor-1', role: 'tutor' as const };
const saved = { timezone: 'Europe/Lisbon', slots: [] };

/** The step at /tutor/complete-profile beside an overview page, for a signed-in tutor. */
function renderStep(onSave: StepProps['onSave'] = async () => {}, user = tutorUser) {
  serveSignedIn(user);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.session, user);
  const router = createMemoryRouter(
    [
      {
        path: '/tutor/complete-profile',
        element: (
          <AvailabilityStep
            step="availability"
            title="Availability"
            description="When you teach"
            initial={saved}
            onSave={onSave}
            isLast
            avatarUrl={null}
          />
        ),
      },
      { path: '/tutor/overview', element: <p>Overview</p> },
    ],
    { initialEntries: ['/tutor/overview', '/tutor/complete-profile'], initialIndex: 1 },
  );
  renderRouter(router, client);
  return router;
}

const slotList = () => screen.queryByRole('list', { name: 'Your weekly slots' });

async function drawMondayMorning() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add slot' }));
  await waitFor(() => expect(slotList()).not.toBeNull());
  return user;
}

/** Whether the browser would ask before closing or reloading the tab now. */
function asksBeforeUnload() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('wizard step 6, availability', () => {
  beforeEach(() => sessionStorage.clear());

  it('restores the week drawn before a reload, saying it is not submitted yet', async () => {
    renderStep();
    expect(asksBeforeUnload()).toBe(false);
    await drawMondayMorning();
    const drawn = slotList()!.textContent;
    expect(asksBeforeUnload()).toBe(true);

    cleanup(); // the reload
    renderStep();
    expect(slotList()?.textContent).toBe(drawn);
    expect(screen.getByText(M.availabilityDraftRestored)).toBeTruthy();
  });

  it('keeps one tutor’s drawing from another signed in on the same tab', async () => {
    renderStep();
    await drawMondayMorning();
    cleanup();
    renderStep(undefined, { ...tutorUser, id: 'tutor-2' });
    expect(slotList()).toBeNull();
    expect(screen.queryByText(M.availabilityDraftRestored)).toBeNull();
  });

  it('asks before leaving with an unsaved week: Stay keeps it, Leave goes', async () => {
    const router = renderStep();
    const user = await drawMondayMorning();

    void router.navigate(-1);
    const dialog = await screen.findByRole('dialog', { name: M.leaveAvailabilityTitle });
    expect(within(dialog).getByText(M.leaveAvailability)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/tutor/complete-profile');
    expect(slotList()).not.toBeNull();

    void router.navigate('/tutor/overview');
    await user.click(
      within(await screen.findByRole('dialog', { name: M.leaveAvailabilityTitle })).getByRole(
        'button',
        { name: 'Leave' },
      ),
    );
    expect(await screen.findByText('Overview')).toBeTruthy();
  });

  it('once submitted, forgets the drawing and lets the tutor go without asking', async () => {
    const submitted: unknown[] = [];
    const router = renderStep(async (data) => {
      submitted.push(data);
    });
    const user = await drawMondayMorning();
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    await user.click(screen.getByRole('button', { name: 'Submit profile' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    await waitFor(() => expect(asksBeforeUnload()).toBe(false));

    await router.navigate('/tutor/overview');
    expect(await screen.findByText('Overview')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    renderStep();
    expect(screen.queryByText(M.availabilityDraftRestored)).toBeNull();
  });
});
