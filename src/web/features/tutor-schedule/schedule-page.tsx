import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { messageOf } from '../../lib/api-client';
import { AvailabilityCard } from './availability-card';
import { AvailabilityDialog } from './availability-dialog';
import { AVAILABILITY_QUERY_KEY, scheduleApi } from './schedule-api';

const LOAD_FAILED = 'Failed to load availability';

/** The tutor's My Schedule (spec 3 §2): weekly availability now, lessons with booking. */
export function TutorSchedulePage() {
  const client = useQueryClient();
  const availability = useQuery({
    queryKey: AVAILABILITY_QUERY_KEY,
    queryFn: scheduleApi.availability,
    retry: false,
  });
  const [editing, setEditing] = useState(false);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">My Schedule</h1>
        <Button onClick={() => setEditing(true)} disabled={!availability.isSuccess}>
          <CalendarPlus aria-hidden className="h-4 w-4" /> Set Availability
        </Button>
      </div>
      <AvailabilityCard
        state={
          availability.isPending
            ? { status: 'loading' }
            : availability.isError
              ? { status: 'error', message: messageOf(availability.error, LOAD_FAILED) }
              : { status: 'ready', availability: availability.data }
        }
        onEdit={() => setEditing(true)}
        onRetry={() => availability.refetch()}
      />
      <section
        aria-labelledby="upcoming-title"
        className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="upcoming-title" className="text-lg font-semibold">
          Upcoming Lessons
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          No upcoming lessons. Lessons students book with you will appear here.
        </p>
      </section>
      {editing && availability.isSuccess && (
        <AvailabilityDialog
          initialTimezone={availability.data.timezone}
          initialSlots={availability.data.slots}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void client.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY });
          }}
        />
      )}
    </div>
  );
}
