import WebSocket from 'ws';
import { LIVE_PATH } from '../../contracts/messaging.contract';
import { classroomLiveEvent, type ClassroomLiveEvent } from '../../contracts/classroom.contract';

// A tab's live socket as the classroom's tests read it: only classroom frames are kept (the
// socket also carries messaging's `ready` and messages).

export interface ClassroomTab {
  /** The next classroom frame not yet taken. */
  next(): Promise<ClassroomLiveEvent>;
  /** Every classroom frame taken so far and waiting (to assert nothing came). */
  pending(): ClassroomLiveEvent[];
  close(): Promise<void>;
}

export function openClassroomTab(appUrl: string, cookie: string): Promise<ClassroomTab> {
  const socket = new WebSocket(`${appUrl.replace(/^http/, 'ws')}${LIVE_PATH}`, {
    headers: { origin: appUrl, cookie },
  });
  const frames: ClassroomLiveEvent[] = [];
  const waiting: Array<() => void> = [];
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  let closed = false;
  const wake = () => waiting.splice(0).forEach((resolve) => resolve());
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { type: string };
    if (frame.type === 'ready') ready();
    const parsed = classroomLiveEvent.safeParse(frame);
    if (parsed.success) {
      frames.push(parsed.data);
      wake();
    }
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      void isReady.then(() =>
        resolve({
          async next() {
            while (frames.length === 0) {
              if (closed) throw new Error('the socket closed before another classroom frame');
              await new Promise<void>((wait) => waiting.push(wait));
            }
            return frames.shift()!;
          },
          pending: () => [...frames],
          close: () =>
            new Promise<void>((done) => {
              if (closed) return done();
              socket.once('close', () => done());
              socket.close();
            }),
        }),
      );
    });
  });
}
