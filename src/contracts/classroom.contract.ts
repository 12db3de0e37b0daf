import { z } from 'zod/mini';
import { SDP_MAX_LENGTH, WHITEBOARD_UPDATE_MAX_BYTES } from '../domain/classroom/classroom-rules';
import { CLASSROOM_MESSAGES as M } from '../domain/messages/classroom';
import { defineEndpoint, idParams, ROLE_ERRORS } from './endpoint';

// The classroom of a lesson (issue #26), for its two parties only. Everything a tab sends goes
// over HTTP (each request checked: the party, the window); what the other party sends arrives
// on the live socket (/api/live) as a classroomLiveEvent below.

export const classroomPhase = z.enum(['before', 'open', 'after', 'canceled']);
export type ClassroomPhase = z.infer<typeof classroomPhase>;

const iceServer = z.object({
  urls: z.array(z.string()),
  username: z.optional(z.string()),
  credential: z.optional(z.string()),
});

export const classroomView = z.object({
  lesson: z.object({
    id: z.string(),
    subject: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    status: z.string(),
  }),
  me: z.object({ userId: z.string(), role: z.enum(['student', 'tutor']) }),
  other: z.object({ userId: z.string(), name: z.string() }),
  /** The classroom's window: 10 minutes before the start until 15 after the end. */
  opensAt: z.string(),
  closesAt: z.string(),
  phase: classroomPhase,
  /** The pair's conversation (chat beside the video); null before their first message. */
  conversationId: z.nullable(z.string()),
  /** The tutor's profile id (a student opens the conversation with it). */
  tutorProfileId: z.string(),
  /** An external room (MEETING_URL_TEMPLATE) where the lesson is held instead; null: here. */
  externalUrl: z.nullable(z.string()),
  /** RTCConfiguration while open: STUN, and TURN with credentials minted for this join. */
  rtc: z.object({
    iceServers: z.array(iceServer),
    iceTransportPolicy: z.enum(['all', 'relay']),
  }),
});
export type ClassroomView = z.infer<typeof classroomView>;

export const getClassroom = defineEndpoint({
  method: 'GET',
  path: '/api/lessons/:id/classroom',
  params: idParams,
  status: 200,
  response: z.object({ classroom: classroomView }),
  errors: ['NOT_FOUND', ...ROLE_ERRORS],
});

/**
 * The tutor's connection a description or candidate belongs to: a fresh id for each new
 * RTCPeerConnection the tutor makes, so a tab that joined twice never mixes two negotiations.
 */
const connection = z.string().check(z.minLength(1), z.maxLength(64));

/** What one party's tab tells the other's: WebRTC's offer/answer and candidates, and its state. */
export const classroomSignal = z.discriminatedUnion('kind', [
  /** Arrived with a fresh connection (the other side starts anew with it). */
  z.object({ kind: z.literal('join') }),
  /** Answer to a join: here too, with a fresh connection (the tutor then offers). */
  z.object({ kind: z.literal('present') }),
  z.object({ kind: z.literal('leave') }),
  /** The connection failed on the student's side: the tutor restarts ICE. */
  z.object({ kind: z.literal('restart') }),
  z.object({
    kind: z.literal('description'),
    connection,
    description: z.object({
      type: z.enum(['offer', 'answer']),
      sdp: z.string().check(z.maxLength(SDP_MAX_LENGTH)),
    }),
  }),
  z.object({
    kind: z.literal('candidate'),
    connection,
    candidate: z.object({
      candidate: z.string().check(z.maxLength(2000)),
      sdpMid: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
      sdpMLineIndex: z.optional(z.nullable(z.int().check(z.gte(0), z.lte(100)))),
      usernameFragment: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
    }),
  }),
  z.object({
    kind: z.literal('state'),
    state: z.object({
      muted: z.boolean(),
      cameraOff: z.boolean(),
      screenSharing: z.boolean(),
      reconnecting: z.boolean(),
    }),
  }),
]);
export type ClassroomSignal = z.infer<typeof classroomSignal>;

export const sendClassroomSignal = defineEndpoint({
  method: 'POST',
  path: '/api/lessons/:id/classroom/signals',
  params: idParams,
  body: z.object({ signal: classroomSignal }),
  status: 204,
  response: z.null(),
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', ...ROLE_ERRORS],
});

const base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/, M.whiteboardTooLarge));
/** The whiteboard's Yjs state: the snapshot and the updates since, merged (base64). */
export const getWhiteboard = defineEndpoint({
  method: 'GET',
  path: '/api/lessons/:id/classroom/whiteboard',
  params: idParams,
  status: 200,
  response: z.object({ state: z.string(), readOnly: z.boolean() }),
  errors: ['NOT_FOUND', ...ROLE_ERRORS],
});

export const postWhiteboardUpdate = defineEndpoint({
  method: 'POST',
  path: '/api/lessons/:id/classroom/whiteboard',
  params: idParams,
  body: z.object({
    /** One Yjs update, base64. */
    update: base64.check(
      z.minLength(1),
      z.maxLength(Math.ceil((WHITEBOARD_UPDATE_MAX_BYTES * 4) / 3) + 4, M.whiteboardTooLarge),
    ),
  }),
  status: 201,
  response: z.object({ seq: z.int() }),
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', ...ROLE_ERRORS],
});

/** A party's tab entered or left the classroom (attendance; the other side's presence). */
export const recordAttendance = defineEndpoint({
  method: 'POST',
  path: '/api/lessons/:id/classroom/attendance',
  params: idParams,
  body: z.object({ event: z.enum(['joined', 'left']) }),
  status: 204,
  response: z.null(),
  errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', ...ROLE_ERRORS],
});

export const attendanceEntry = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(['student', 'tutor']),
  joinedAt: z.string(),
  leftAt: z.nullable(z.string()),
});
export type AttendanceEntry = z.infer<typeof attendanceEntry>;

/** Pushed on /api/live to the parties of a classroom (beside messaging's liveEvent). */
export const classroomLiveEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('classroom.signal'),
    lessonId: z.string(),
    fromUserId: z.string(),
    signal: classroomSignal,
  }),
  z.object({
    type: z.literal('classroom.whiteboard'),
    lessonId: z.string(),
    seq: z.int(),
    authorId: z.nullable(z.string()),
    update: z.string(),
  }),
]);
export type ClassroomLiveEvent = z.infer<typeof classroomLiveEvent>;

/** Who was in a lesson's classroom and when: for the admin deciding a no-show report. */
export const getLessonAttendance = defineEndpoint({
  method: 'GET',
  path: '/api/admin/lessons/:id/attendance',
  params: idParams,
  status: 200,
  response: z.object({ attendance: z.array(attendanceEntry) }),
  errors: ['NOT_FOUND', ...ROLE_ERRORS],
});
