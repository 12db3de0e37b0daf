import { useQuery } from '@tanstack/react-query';
import {
  classroomLiveEvent,
  getClassroom,
  postWhiteboardUpdate,
  recordAttendance,
  sendClassroomSignal,
  type ClassroomLiveEvent,
  type ClassroomSignal,
} from '../../../contracts/classroom.contract';
import { call, urlOf } from '../../lib/api-client';
import { subscribeLiveFrames } from '../../lib/live-events';
import { queryKeys } from '../../lib/query-keys';

// The classroom's calls (issue #26). What the tab sends goes over HTTP, each request checked by
// the server; what the other party sends arrives on the tab's live socket.

export function useClassroom(lessonId: string) {
  return useQuery({
    queryKey: queryKeys.classroom(lessonId),
    queryFn: async () => (await call(getClassroom, { params: { id: lessonId } })).classroom,
    // ICE credentials are minted per fetch; a refetch on focus would only churn them.
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export const sendSignal = (lessonId: string, signal: ClassroomSignal) =>
  call(sendClassroomSignal, { params: { id: lessonId }, body: { signal } });

export const sendWhiteboardUpdate = (lessonId: string, update: string) =>
  call(postWhiteboardUpdate, { params: { id: lessonId }, body: { update } });

export const markAttendance = (lessonId: string, event: 'joined' | 'left') =>
  call(recordAttendance, { params: { id: lessonId }, body: { event } });

/** Leaving as the tab closes: a keepalive request outlives the page. */
export function markLeftOnUnload(lessonId: string) {
  void fetch(urlOf(recordAttendance, { params: { id: lessonId } }), {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event: 'left' }),
  }).catch(() => {});
}

/**
 * Hears this lesson's classroom events on the live socket, and `onReady` each time the socket
 * (re)connects (what was pushed meanwhile is lost: reload the board, announce again).
 */
export function onClassroomEvents(
  lessonId: string,
  handlers: { onEvent(event: ClassroomLiveEvent): void; onReady(): void },
) {
  return subscribeLiveFrames((frame) => {
    if ((frame as { type?: unknown } | null)?.type === 'ready') return handlers.onReady();
    const parsed = classroomLiveEvent.safeParse(frame);
    if (parsed.success && parsed.data.lessonId === lessonId) handlers.onEvent(parsed.data);
  });
}
