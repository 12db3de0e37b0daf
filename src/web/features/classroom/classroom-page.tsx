import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { ClassroomView } from '../../../contracts/classroom.contract';
import { CLASSROOM_MESSAGES as M } from '../../../domain/messages/classroom';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { TopBar } from '../../components/ui/top-bar';
import { useAccountZone } from '../../lib/account-zone';
import { ApiError, messageOf } from '../../lib/api-client';
import { shortDateTime } from '../../lib/lesson-time';
import { LiveEvents } from '../../lib/live-events';
import { queryKeys } from '../../lib/query-keys';
import {
  markAttendance,
  markLeftOnUnload,
  onClassroomEvents,
  sendSignal,
  useClassroom,
} from './classroom-api';
import { ClassroomCall, type CallState } from './classroom-call';
import { ClassroomChat } from './classroom-chat';
import { VideoPanel } from './video-panel';

// /lessons/:lessonId/classroom (issue #26): the lesson's two parties meet here. The server
// decides who may (page data, signals, whiteboard: each refused to anyone else) and when (10
// minutes before the start until 15 after the end); this page shows what it answers.

// Excalidraw is large: its own chunk, loaded when the board is shown.
const Whiteboard = lazy(() => import('./whiteboard'));

/** Timers are 32-bit: a moment further ahead is waited for in steps. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

export function ClassroomPage() {
  const { lessonId = '' } = useParams();
  const classroom = useClassroom(lessonId);
  const client = useQueryClient();
  const view = classroom.data;

  // The page changes phase by itself: at the opening and the closing it asks the server again.
  useEffect(() => {
    if (!view) return undefined;
    const next =
      view.phase === 'before' ? view.opensAt : view.phase === 'open' ? view.closesAt : null;
    if (!next) return undefined;
    const wait = Math.min(Math.max(new Date(next).getTime() - Date.now(), 0), LONGEST_WAIT_MS);
    const timer = setTimeout(
      () => void client.invalidateQueries({ queryKey: queryKeys.classroom(lessonId) }),
      wait + 500,
    );
    return () => clearTimeout(timer);
  }, [view, client, lessonId]);

  return (
    <div className="flex min-h-screen flex-col">
      <TopBar bordered />
      <LiveEvents />
      <main className="mx-auto w-full max-w-7xl flex-1 p-3 sm:p-6">
        {classroom.isPending ? (
          <LoadingSkeleton label={M.video} />
        ) : classroom.isError ? (
          classroom.error instanceof ApiError && classroom.error.status < 500 ? (
            <Banner kind="error" dismissible={false}>
              {classroom.error.message}
            </Banner>
          ) : (
            <ErrorPanel
              message={messageOf(classroom.error, M.closed)}
              onRetry={() => void classroom.refetch()}
            />
          )
        ) : (
          <Classroom view={classroom.data} />
        )}
      </main>
    </div>
  );
}

function Classroom({ view }: { view: ClassroomView }) {
  const zone = useAccountZone();
  const when = (instant: string) => shortDateTime(instant, zone);
  const title = M.title(view.other.name);
  const heading = (
    <header className="mb-3">
      <h1 className="text-xl font-bold">{title}</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {view.lesson.subject} · {when(view.lesson.startTime)}
      </p>
    </header>
  );
  if (view.phase === 'canceled')
    return (
      <>
        {heading}
        <Banner kind="info" dismissible={false}>
          {M.canceled}
        </Banner>
      </>
    );
  if (view.phase === 'before')
    return (
      <>
        {heading}
        <Banner kind="info" dismissible={false}>
          <span data-testid="classroom-opens">{M.opensAt(when(view.opensAt))}</span>
        </Banner>
      </>
    );
  if (view.phase === 'after')
    return (
      <>
        {heading}
        <p className="mb-3 text-sm">{M.closedSince(when(view.closesAt))}</p>
        <div className="h-[70vh]">
          <Suspense fallback={<LoadingSkeleton label={M.whiteboard} />}>
            <Whiteboard lessonId={view.lesson.id} readOnly title={M.whiteboardReadOnly} />
          </Suspense>
        </div>
      </>
    );
  return (
    <>
      {heading}
      {view.externalUrl && (
        <div className="mb-3">
          <Banner kind="info" dismissible={false}>
            {M.externalRoom}{' '}
            <a
              href={view.externalUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="underline"
            >
              {M.openExternalRoom}
            </a>
          </Banner>
        </div>
      )}
      <OpenClassroom view={view} />
    </>
  );
}

function OpenClassroom({ view }: { view: ClassroomView }) {
  const lessonId = view.lesson.id;
  const [joined, setJoined] = useState(true);
  const [call, setCall] = useState<ClassroomCall | null>(null);
  const [state, setState] = useState<CallState | null>(null);

  useEffect(() => {
    if (!joined || view.externalUrl) return undefined;
    const current = new ClassroomCall({
      role: view.me.role,
      rtc: view.rtc,
      send: (signal) => sendSignal(lessonId, signal),
      onChange: setState,
    });
    setCall(current);
    const unsubscribe = onClassroomEvents(lessonId, {
      onEvent: (event) => {
        if (event.type === 'classroom.signal' && event.fromUserId === view.other.userId)
          current.receive(event.signal);
      },
      onReady: () => current.reannounce(),
    });
    void current.start();
    void markAttendance(lessonId, 'joined').catch(() => {});
    const online = () => current.restartIce();
    const unload = () => markLeftOnUnload(lessonId);
    window.addEventListener('online', online);
    window.addEventListener('pagehide', unload);
    return () => {
      unsubscribe();
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', unload);
      void current.leave();
      void markAttendance(lessonId, 'left').catch(() => {});
      setCall(null);
      setState(null);
    };
    // A new view (a refetch) must not restart the call: only joining and leaving do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [joined, lessonId]);

  return (
    <div className="grid gap-4 lg:h-[calc(100vh-9rem)] lg:grid-cols-[minmax(320px,400px)_minmax(0,1fr)]">
      <div className="flex min-h-0 flex-col gap-4">
        {!view.externalUrl &&
          (joined && call && state ? (
            <VideoPanel
              call={call}
              state={state}
              otherName={view.other.name}
              onLeave={() => setJoined(false)}
            />
          ) : !joined ? (
            <div className="space-y-2">
              <p role="status">{M.left}</p>
              <Button onClick={() => setJoined(true)}>{M.rejoin}</Button>
            </div>
          ) : null)}
        <ClassroomChat classroom={view} />
      </div>
      <div className="h-[70vh] min-h-0 lg:order-none lg:h-full">
        <Suspense fallback={<LoadingSkeleton label={M.whiteboard} />}>
          <Whiteboard lessonId={lessonId} readOnly={false} title={M.whiteboard} />
        </Suspense>
      </div>
    </div>
  );
}
