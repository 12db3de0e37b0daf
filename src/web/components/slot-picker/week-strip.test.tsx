import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { weekStart } from './booking-week';
import { WeekStrip } from './week-strip';

const TODAY = '2027-03-29'; // a Monday; its week runs into April

/** The strip as the modal drives it: it pages weeks and keeps the chosen day. */
function Strip({ counts }: { counts: Map<string, number> | null }) {
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <WeekStrip
      from={weekStart(TODAY, offset)}
      today={TODAY}
      selected={selected}
      counts={counts}
      canGoBack={offset > 0}
      onWeek={(step) => setOffset((current) => current + step)}
      onSelect={setSelected}
    />
  );
}

const days = () => within(screen.getByRole('group', { name: 'Days' })).getAllByRole('button');

describe('WeekStrip', () => {
  it('shows seven days from today with their months, and says how many times each offers', () => {
    const counts = new Map([
      ['2027-03-29', 3],
      ['2027-03-30', 0],
    ]);
    render(<Strip counts={counts} />);
    expect(screen.getByTestId('week-months').textContent).toMatch(/^March\s*–\s*April 2027$/);
    expect(days().map((day) => day.getAttribute('data-date'))).toEqual([
      '2027-03-29',
      '2027-03-30',
      '2027-03-31',
      '2027-04-01',
      '2027-04-02',
      '2027-04-03',
      '2027-04-04',
    ]);
    const [today, tuesday] = days();
    expect(today!.getAttribute('aria-label')).toBe('Mon 29, Monday, March 29, 3 times');
    expect(today!.getAttribute('aria-current')).toBe('date');
    expect(tuesday!.getAttribute('aria-label')).toBe('Tue 30, Tuesday, March 30, no times');
    expect(tuesday!.hasAttribute('aria-current')).toBe(false);
    // A day without times cannot be chosen; one whose count is still loading can.
    expect((tuesday as HTMLButtonElement).disabled).toBe(true);
    expect((today as HTMLButtonElement).disabled).toBe(false);
    expect((days()[2] as HTMLButtonElement).disabled).toBe(false);
  });

  it('says the times are loading until the counts arrive', () => {
    render(<Strip counts={null} />);
    for (const day of days()) expect(day.getAttribute('aria-label')).toMatch(/loading times$/);
  });

  it('pages a week at a time, never before today’s week', async () => {
    const user = userEvent.setup();
    render(<Strip counts={null} />);
    const previous = screen.getByRole('button', { name: 'Previous week' });
    expect((previous as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(days()[0]!.getAttribute('data-date')).toBe('2027-04-05');
    expect(screen.getByTestId('week-months').textContent).toBe('April 2027');
    expect((previous as HTMLButtonElement).disabled).toBe(false);

    await user.click(previous);
    expect(days()[0]!.getAttribute('data-date')).toBe(TODAY);
  });

  it('presses the chosen day only', async () => {
    const user = userEvent.setup();
    render(<Strip counts={new Map([['2027-03-31', 2]])} />);
    await user.click(screen.getByRole('button', { name: /^Wed 31,/ }));
    expect(days().map((day) => day.getAttribute('aria-pressed'))).toEqual([
      'false',
      'false',
      'true',
      'false',
      'false',
      'false',
      'false',
    ]);
  });
});
