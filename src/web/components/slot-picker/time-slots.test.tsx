import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DaySlot } from '../../../domain/scheduling/generate-slots';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { TimeSlots } from './time-slots';

const slot = (start: string, end: string, period: DaySlot['period']): DaySlot => ({
  startTime: `2027-03-08T${start}:00.000Z`,
  endTime: `2027-03-08T${end}:00.000Z`,
  slotLabel: `${start}-${end}`,
  period,
});
const monday = [
  slot('09:00', '10:00', 'morning'),
  slot('09:30', '10:30', 'morning'),
  slot('14:00', '15:00', 'afternoon'),
];

/** The list as the modal uses it: it owns the selection. */
function Picker({ slots, zone = 'UTC' }: { slots: DaySlot[]; zone?: string }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <TimeSlots
      state={{ status: 'ready', slots }}
      zone={zone}
      selected={selected}
      onSelect={setSelected}
      onRetry={() => {}}
    />
  );
}

describe('TimeSlots', () => {
  it('groups start times under their period, in the viewer’s zone, and leaves empty periods out', () => {
    render(<Picker slots={monday} />);
    const morning = screen.getByRole('group', { name: 'Morning' });
    expect(
      within(morning)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['9:00 AM', '9:30 AM']);
    const afternoon = screen.getByRole('group', { name: 'Afternoon' });
    expect(within(afternoon).getByRole('button').textContent).toBe('2:00 PM');
    expect(screen.queryByRole('group', { name: 'Evening' })).toBeNull();
  });

  it('shows the same slots on another zone’s clock', () => {
    render(<Picker slots={monday} zone="Asia/Kolkata" />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      '2:30 PM',
      '3:00 PM',
      '7:30 PM',
    ]);
  });

  it('marks the one chosen time as pressed', async () => {
    const user = userEvent.setup();
    render(<Picker slots={monday} />);
    await user.click(screen.getByRole('button', { name: '9:30 AM' }));
    expect(screen.getByRole('button', { name: '9:30 AM' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(screen.getByRole('button', { name: '2:00 PM' }));
    expect(screen.getByRole('button', { name: '9:30 AM' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(screen.getByRole('button', { name: '2:00 PM' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('says so when the day has no times', () => {
    render(<Picker slots={[]} />);
    expect(screen.getByText(M.noSlots)).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('shows a busy placeholder while loading, and a Retry after a failure', async () => {
    const onRetry = vi.fn();
    const props = { zone: 'UTC', selected: null, onSelect: () => {}, onRetry };
    const { rerender } = render(<TimeSlots state={{ status: 'loading' }} {...props} />);
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading times')).toBeTruthy();

    rerender(<TimeSlots state={{ status: 'error' }} {...props} />);
    expect(screen.getByRole('alert').textContent).toContain(M.loadAvailabilityFailed);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
