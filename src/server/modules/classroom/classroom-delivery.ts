import type { FastifyInstance } from 'fastify';
import { classroomSignal, type ClassroomLiveEvent } from '../../../contracts/classroom.contract';
import { EVENT_CHANNELS, parsePayload } from '../../db/database-events';
import { classroomNotice, type ClassroomNotice } from './classroom-notice';
import { signalById, whiteboardUpdateBySeq } from './classroom.repository';

// Pushes the classroom's signals and whiteboard updates to the parties' live sockets on this
// process. Every process listens, so the two parties may be on different ones. Frames go out in
// the order the notices came (an answer after its offer), their rows read side by side.

export async function startClassroomDelivery(app: FastifyInstance) {
  const { db, events } = app.deps;
  let delivering = Promise.resolve();

  const eventOf = async (notice: ClassroomNotice): Promise<ClassroomLiveEvent | undefined> => {
    if (notice.kind === 'signal') {
      const row = await signalById(db, notice.id);
      const signal = classroomSignal.safeParse(row?.body);
      return row && signal.success
        ? {
            type: 'classroom.signal',
            lessonId: row.lesson_id,
            fromUserId: row.sender_id,
            signal: signal.data,
          }
        : undefined;
    }
    if (notice.update !== undefined)
      return {
        type: 'classroom.whiteboard',
        lessonId: notice.lessonId,
        seq: notice.seq,
        authorId: notice.authorId,
        update: notice.update,
      };
    const row = await whiteboardUpdateBySeq(db, notice.seq);
    // Compacted already: the tabs have it from the board they load.
    return row
      ? {
          type: 'classroom.whiteboard',
          lessonId: row.lesson_id,
          seq: Number(row.seq),
          authorId: row.author_id,
          update: Buffer.from(row.body).toString('base64'),
        }
      : undefined;
  };

  const onPayload = (payload: string) => {
    const notice = parsePayload(classroomNotice, payload);
    if (!notice) {
      app.log.warn({ payload }, 'classroom: ignored a malformed notice');
      return;
    }
    const here = notice.userIds.filter((userId) => app.liveHub.holds(userId));
    if (here.length === 0) return;
    const event = eventOf(notice).catch((error: unknown) => {
      app.log.error({ err: error }, 'classroom: could not read a notice');
      return undefined;
    });
    delivering = delivering.then(async () => {
      const next = await event;
      if (next) app.liveHub.push(here, JSON.stringify(next));
    });
  };

  // After a lost LISTEN connection the live hub tells every tab `ready`: the classroom then
  // reloads its board and re-announces itself, so nothing here needs resyncing.
  const unlisten = await events?.listen(EVENT_CHANNELS.classroom, { onPayload });
  app.addHook('preClose', async () => {
    await unlisten?.();
    await delivering;
  });
}
