import FullCalendar from '@fullcalendar/react';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './calendar.css';
import { useMemo, useRef } from 'react';
import { windowStartingAt } from '../../../domain/availability/window-editing';
import { MINUTES_PER_DAY, type WeeklyWindow } from '../../../domain/availability/weekly-window';
import { useTheme } from '../../lib/theme';
import { weeklyWindowText } from '../../lib/dates';
import { slotHeaderText } from './calendar-times';

// The calendar shows one generic week: windows are weekly wall-clock times in the tutor's zone,
// so the calendar runs in UTC and reads the UTC fields of the dates it reports as wall time.
const GENERIC_MONDAY = '2024-01-01';
const GRID_MINUTES = 30;

const minutesOfDay = (date: Date) => date.getUTCHours() * 60 + date.getUTCMinutes();

/** The window from `start` to `end` of one day (midnight ending it), or null across days. */
function windowBetween(start: Date, end: Date, singleCellMinutes = GRID_MINUTES) {
  const startMinutes = minutesOfDay(start);
  const sameDay = start.getUTCDay() === end.getUTCDay();
  const endMinutes = sameDay ? minutesOfDay(end) : minutesOfDay(end) === 0 ? MINUTES_PER_DAY : -1;
  if (endMinutes <= startMinutes) return null;
  const length = endMinutes - startMinutes;
  return windowStartingAt(
    start.getUTCDay(),
    startMinutes,
    length === GRID_MINUTES ? singleCellMinutes : length,
  );
}

type ChangedEvent = {
  event: { start: Date | null; end: Date | null };
  oldEvent: { extendedProps: Record<string, unknown> };
  revert(): void;
};

export function AvailabilityEditorCalendar({
  windows,
  clickMinutes,
  selectable,
  compact,
  onAdd,
  onMove,
  onWindowClick,
}: {
  windows: readonly WeeklyWindow[];
  /** Length of a window created by a single click. */
  clickMinutes: number;
  /** False in the phone's scroll mode, so a swipe scrolls instead of selecting. */
  selectable: boolean;
  compact: boolean;
  onAdd: (weeklyWindow: WeeklyWindow) => void;
  /** A window dragged elsewhere or resized; false when refused (it goes back). */
  onMove: (from: WeeklyWindow, to: WeeklyWindow) => boolean;
  onWindowClick: (weeklyWindow: WeeklyWindow) => void;
}) {
  const { theme } = useTheme();
  // One touch is one action. A press-and-hold that adds a window ends with the finger lifting
  // off that new window, which FullCalendar reports as a tap on it: the gesture that added a
  // window never also asks to delete it. Each new touch or click starts a new gesture.
  const gesture = useRef(0);
  const addedInGesture = useRef(-1);
  // A window dragged to another time (by touch: held first, like adding) or resized.
  const moved = ({ event, oldEvent, revert }: ChangedEvent) => {
    const to = event.start && event.end ? windowBetween(event.start, event.end) : null;
    if (!to || !onMove(oldEvent.extendedProps.weeklyWindow as WeeklyWindow, to)) revert();
  };
  const events = useMemo(
    () =>
      windows.map((weeklyWindow) => ({
        id: `${weeklyWindow.dayOfWeek}-${weeklyWindow.startTime}-${weeklyWindow.endTime}`,
        daysOfWeek: [weeklyWindow.dayOfWeek],
        startTime: weeklyWindow.startTime,
        endTime: weeklyWindow.endTime,
        // The window's own times, as the list below writes them: the calendar's formatting
        // would end a window at midnight with '00:00' where the list says '24:00'.
        title: weeklyWindowText(weeklyWindow),
        extendedProps: { weeklyWindow },
      })),
    [windows],
  );
  return (
    <div
      className="tutora-calendar"
      data-testid="availability-calendar"
      // Pointer events: one per finger or button press (a touch's compatibility mouse events,
      // sent after the finger lifts, would start a second gesture).
      onPointerDownCapture={() => (gesture.current += 1)}
    >
      <FullCalendar
        plugins={[timeGridPlugin, interactionPlugin, classicTheme]}
        initialView="timeGridWeek"
        initialDate={GENERIC_MONDAY}
        timeZone="UTC"
        firstDay={1}
        headerToolbar={false}
        allDaySlot={false}
        dayHeaderFormat={{ weekday: compact ? 'narrow' : 'short' }}
        slotDuration="00:30:00"
        scrollTime="08:00:00"
        height={compact ? 520 : 640}
        nowIndicator={false}
        colorScheme={theme}
        selectable={selectable}
        selectMirror
        selectLongPressDelay={300}
        eventLongPressDelay={300}
        selectAllow={(span) => windowBetween(span.start, span.end, clickMinutes) !== null}
        select={(info) => {
          const weeklyWindow = windowBetween(info.start, info.end, clickMinutes);
          info.view.calendar.unselect();
          if (!weeklyWindow) return;
          addedInGesture.current = gesture.current;
          onAdd(weeklyWindow);
        }}
        events={events}
        editable={selectable}
        eventAllow={(span) => windowBetween(span.start, span.end) !== null}
        eventDrop={moved}
        eventResize={moved}
        eventClick={(info) => {
          if (addedInGesture.current === gesture.current) return;
          onWindowClick(info.event.extendedProps.weeklyWindow as WeeklyWindow);
        }}
        displayEventTime={false}
        slotHeaderFormat={slotHeaderText}
      />
    </div>
  );
}
