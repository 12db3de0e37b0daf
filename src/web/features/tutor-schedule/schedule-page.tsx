import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { ApiError, messageOf } from '../../lib/api-client';
import { AvailabilityCard } from './availability-card';
import { AvailabilityDialog } from './availability-dialog';
import { AVAILABILITY_QUERY_KEY, scheduleApi } from './schedule-api';

const LOAD_FAILED = 'Failed to load availability';

/** The server has no availability before the wizard is submitted (404): not a failure. */
const notSubmitted = (error: unknown) => error instanceof ApiError && error.code === 'NOT_FOUND';

/**
 * The tutor's My Schedule: weekly availability, upcoming lessons and the calendar feed. The
 * lessons and feed cards belong to their features; the router puts them here (features don't
 * import each other).
 */
export function TutorSchedulePage({
  upcomingLessons,
  calendarFeed,
}: {
  upcomingLessons: ReactNode;
  calendarFeed?: ReactNode;
}) {
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
              ? notSubmitted(availability.error)
                ? { status: 'no-profile' }
                : { status: 'error', message: messageOf(availability.error, LOAD_FAILED) }
              : { status: 'ready', availability: availability.data }
        }
        onEdit={() => setEditing(true)}
        onRetry={() => availability.refetch()}
      />
      {upcomingLessons}
      {calendarFeed}
      {editing && availability.isSuccess && (
        <AvailabilityDialog
          initialTimezone={availability.data.timezone}
          initialWindows={availability.data.slots}
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
