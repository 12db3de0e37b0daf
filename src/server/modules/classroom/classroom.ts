import type { SessionUser } from '../../../contracts/auth.contract';
import type {
  AttendanceEntry,
  ClassroomSignal,
  ClassroomView,
} from '../../../contracts/classroom.contract';
import {
  SIGNAL_KEEP_SECONDS,
  WHITEBOARD_UPDATE_MAX_BYTES,
} from '../../../domain/classroom/classroom-rules';
import { CLASSROOM_MESSAGES as M } from '../../../domain/messages/classroom';
import type { AppContext } from '../../app';
import { EVENT_CHANNELS, notifyChannel } from '../../db/database-events';
import { AppError } from '../../errors';
import { BOOKING_MESSAGES } from '../../../domain/messages/booking';
import { classroomAccess, requireOpen } from './classroom-access';
import type { ClassroomNotice } from './classroom-notice';
import {
  appendWhiteboardUpdate,
  attendanceOf,
  classroomLesson,
  closeStay,
  insertSignal,
  openStay,
  pairConversationId,
  pruneSignals,
} from './classroom.repository';
import { turnCredentials } from './turn-credentials';
import { compactIfLong, isYjsUpdate, loadWhiteboard } from './whiteboard-store';

// The classroom's use cases (issue #26). Each checks the viewer against the lesson first
// (classroomAccess); live ones also that the classroom is open. What the other party must hear
// of is written and NOTIFYed in one transaction, then pushed by classroom-delivery.ts.

type Ctx = Pick<AppContext, 'db' | 'clock' | 'env'>;

/** The page's data: the lesson, the other party, the window, and the ICE servers for this join. */
export async function getClassroom(ctx: Ctx, user: SessionUser, lessonId: string) {
  const now = ctx.clock.now();
  const access = await classroomAccess(ctx.db, user, lessonId, now);
  const { lesson } = access;
  const conversationId = await pairConversationId(ctx.db, lesson.student_id, lesson.tutor_user_id);
  const classroom: ClassroomView = {
    lesson: {
      id: lesson.id,
      subject: lesson.subject,
      startTime: lesson.starts_at.toISOString(),
      endTime: lesson.ends_at.toISOString(),
      status: lesson.status,
    },
    me: { userId: user.id, role: access.role },
    other: { userId: access.otherId, name: access.otherName },
    opensAt: access.opensAt.toISOString(),
    closesAt: access.closesAt.toISOString(),
    phase: access.phase,
    conversationId,
    tutorProfileId: lesson.tutor_profile_id,
    externalUrl: lesson.meeting_url,
    rtc: {
      // Credentials only while they can be used: a page opened early fetches again at the start.
      iceServers: access.phase === 'open' ? iceServers(ctx, user.id) : [],
      iceTransportPolicy: ctx.env.ICE_TRANSPORT_POLICY,
    },
  };
  return { classroom };
}

function iceServers(ctx: Ctx, userId: string) {
  const { STUN_URLS, TURN_URLS, TURN_SECRET, TURN_TTL_SECONDS } = ctx.env;
  return [
    ...(STUN_URLS.length > 0 ? [{ urls: STUN_URLS }] : []),
    ...(TURN_URLS.length > 0 && TURN_SECRET
      ? [
          {
            urls: TURN_URLS,
            // coturn checks the expiry against its own (the real) clock, not business time: a
            // credential minted by a business clock that runs behind would arrive expired.
            ...turnCredentials(TURN_SECRET, userId, new Date(), TURN_TTL_SECONDS),
          },
        ]
      : []),
  ];
}

/** Passes a signal to the other party (whichever process holds their socket). */
export async function sendSignal(
  ctx: Ctx,
  user: SessionUser,
  lessonId: string,
  signal: ClassroomSignal,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const access = await classroomAccess(trx, user, lessonId, now);
    requireOpen(access);
    const id = await insertSignal(trx, {
      lessonId,
      senderId: user.id,
      recipientId: access.otherId,
      body: signal,
      at: now,
    });
    await notifyChannel(
      trx,
      EVENT_CHANNELS.classroom,
      notice({ kind: 'signal', id, userIds: [access.otherId] }),
    );
  });
  await pruneSignals(ctx.db, new Date(now.getTime() - SIGNAL_KEEP_SECONDS * 1000));
}

/** NOTIFY payloads are capped near 8 000 bytes: larger updates are read from the table. */
const NOTICE_UPDATE_MAX_CHARS = 6_000;

const notice = (value: ClassroomNotice) => JSON.stringify(value);

/** The board as it is (snapshot + updates), for a party once the classroom has opened. */
export async function getWhiteboard(ctx: Ctx, user: SessionUser, lessonId: string) {
  const access = await classroomAccess(ctx.db, user, lessonId, ctx.clock.now());
  if (access.phase === 'before') throw new AppError('CONFLICT', M.closed);
  const state = await loadWhiteboard(ctx.db, lessonId);
  return { state: Buffer.from(state).toString('base64'), readOnly: access.phase !== 'open' };
}

/** Appends one Yjs update and tells both parties (the author's other tabs too). */
export async function addWhiteboardUpdate(
  ctx: Ctx,
  user: SessionUser,
  lessonId: string,
  base64: string,
) {
  const body = Buffer.from(base64, 'base64');
  if (body.length === 0 || body.length > WHITEBOARD_UPDATE_MAX_BYTES || !(await isYjsUpdate(body)))
    throw new AppError('VALIDATION_FAILED', M.whiteboardTooLarge);
  const now = ctx.clock.now();
  const seq = await ctx.db.transaction().execute(async (trx) => {
    const access = await classroomAccess(trx, user, lessonId, now);
    requireOpen(access);
    const written = await appendWhiteboardUpdate(trx, {
      lessonId,
      authorId: user.id,
      body,
      at: now,
    });
    await notifyChannel(
      trx,
      EVENT_CHANNELS.classroom,
      notice({
        kind: 'whiteboard',
        seq: written,
        lessonId,
        authorId: user.id,
        update: base64.length <= NOTICE_UPDATE_MAX_CHARS ? base64 : undefined,
        userIds: [user.id, access.otherId],
      }),
    );
    return written;
  });
  return { seq };
}

/** Compaction after a write, off the request's path. */
export const compactLater = (ctx: Ctx, lessonId: string) =>
  compactIfLong(ctx.db, lessonId, ctx.clock.now());

/** A party's tab joined or left: their stay is opened or closed. */
export async function recordAttendance(
  ctx: Ctx,
  user: SessionUser,
  lessonId: string,
  event: 'joined' | 'left',
) {
  const now = ctx.clock.now();
  const access = await classroomAccess(ctx.db, user, lessonId, now);
  if (event === 'joined') {
    requireOpen(access);
    await openStay(ctx.db, lessonId, user.id, now);
  } else {
    // Leaving is always recorded: a tab closed just after the window still left.
    await closeStay(ctx.db, lessonId, user.id, now);
  }
}

/** Who joined and left the lesson's classroom (the admin deciding a no-show report). */
export async function lessonAttendance(ctx: Pick<AppContext, 'db'>, lessonId: string) {
  if (!(await classroomLesson(ctx.db, lessonId)))
    throw new AppError('NOT_FOUND', BOOKING_MESSAGES.lessonNotFound);
  const rows = await attendanceOf(ctx.db, lessonId);
  const attendance: AttendanceEntry[] = rows.map((row) => ({
    userId: row.user_id,
    name: row.name,
    role: row.role,
    joinedAt: row.joined_at.toISOString(),
    leftAt: row.left_at?.toISOString() ?? null,
  }));
  return { attendance };
}
