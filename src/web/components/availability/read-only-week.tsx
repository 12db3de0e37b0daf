import FullCalendar from '@fullcalendar/react';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar.css';
import { toMinutes, type WeeklyWindow } from '../../../domain/availability/weekly-window';
import { useTheme } from '../../lib/theme';
import { eventTimeText, slotHeaderText } from './calendar-times';

// A tutor's weekly availability as a read-only week (FullCalendar 7 time grid). Lazy-loaded by
// its callers: the calendar is large and only needed once someone opens the full schedule.

const hourText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:00`;

/** Shows whole hours around the windows instead of 24 mostly empty rows. */
function visibleHours(windows: readonly WeeklyWindow[]) {
  const starts = windows.map((w) => toMinutes(w.startTime));
  const ends = windows.map((w) => toMinutes(w.endTime));
  const first = Math.max(0, Math.floor(Math.min(...starts) / 60) * 60 - 60);
  const last = Math.min(24 * 60, Math.ceil(Math.max(...ends) / 60) * 60 + 60);
  return { slotMinTime: hourText(first), slotMaxTime: last === 24 * 60 ? '24:00' : hourText(last) };
}

const nextWeek = () => new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);

/** Windows already in the viewer's time (see domain/availability/viewer-week). */
export default function ReadOnlyWeek({ windows }: { windows: readonly WeeklyWindow[] }) {
  const { theme } = useTheme();
  if (windows.length === 0) return null;
  return (
    // Scrolls sideways on a phone: focusable so that keyboard users can scroll it too.
    <div
      data-testid="read-only-week"
      className="tutora-calendar overflow-x-auto"
      tabIndex={0}
      role="region"
      aria-label="Weekly availability calendar"
    >
      <div className="min-w-[640px]">
        <FullCalendar
          plugins={[timeGridPlugin, classicTheme]}
          initialView="timeGridWeek"
          colorScheme={theme}
          headerToolbar={false}
          dayHeaderFormat={{ weekday: 'short' }}
          // A weekly pattern, not dated events: Monday first like the summary, and shown on
          // next week so no column is highlighted as 'today'.
          firstDay={1}
          initialDate={nextWeek()}
          allDaySlot={false}
          editable={false}
          selectable={false}
          nowIndicator={false}
          height="auto"
          slotHeaderFormat={slotHeaderText}
          eventTimeFormat={eventTimeText}
          {...visibleHours(windows)}
          events={windows.map((window) => ({
            title: 'Available',
            daysOfWeek: [window.dayOfWeek],
            startTime: window.startTime,
            endTime: window.endTime,
          }))}
        />
      </div>
    </div>
  );
}
