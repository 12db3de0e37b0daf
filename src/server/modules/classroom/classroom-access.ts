import type { SessionUser } from '../../../contracts/auth.contract';
import type { ClassroomPhase } from '../../../contracts/classroom.contract';
import { isJoinableStatus, joinWindow } from '../../../domain/booking/classroom';
import { BOOKING_MESSAGES } from '../../../domain/messages/booking';
import { CLASSROOM_MESSAGES as M } from '../../../domain/messages/classroom';
import { AppError } from '../../errors';
import type { Db } from './classroom-db';
import { classroomLesson, type ClassroomLessonRow } from './classroom.repository';

// The one rule of who may use a classroom and when, for every channel (page data, signals,
// whiteboard, attendance): the lesson's student and tutor; anyone else is refused (403).

export interface ClassroomAccess {
  lesson: ClassroomLessonRow;
  role: 'student' | 'tutor';
  /** The other party's user id. */
  otherId: string;
  otherName: string;
  phase: ClassroomPhase;
  opensAt: Date;
  closesAt: Date;
}

export function phaseAt(lesson: ClassroomLessonRow, now: Date): ClassroomPhase {
  if (!isJoinableStatus(lesson.status)) return 'canceled';
  const { opensAt, closesAt } = joinWindow(lesson.starts_at, lesson.ends_at);
  if (now < opensAt) return 'before';
  return now < closesAt ? 'open' : 'after';
}

/** The viewer's access to the lesson's classroom; NOT_FOUND (none) or FORBIDDEN (not theirs). */
export async function classroomAccess(
  db: Db,
  user: Pick<SessionUser, 'id'>,
  lessonId: string,
  now: Date,
): Promise<ClassroomAccess> {
  const lesson = await classroomLesson(db, lessonId);
  if (!lesson) throw new AppError('NOT_FOUND', BOOKING_MESSAGES.lessonNotFound);
  const role =
    user.id === lesson.student_id ? 'student' : user.id === lesson.tutor_user_id ? 'tutor' : null;
  if (!role) throw new AppError('FORBIDDEN', M.notYours);
  const { opensAt, closesAt } = joinWindow(lesson.starts_at, lesson.ends_at);
  return {
    lesson,
    role,
    otherId: role === 'student' ? lesson.tutor_user_id : lesson.student_id,
    otherName: role === 'student' ? lesson.tutor_name : lesson.student_name,
    phase: phaseAt(lesson, now),
    opensAt,
    closesAt,
  };
}

/** Live channels (signals, whiteboard writes, attendance) only while the classroom is open. */
export function requireOpen(access: ClassroomAccess) {
  if (access.phase !== 'open') throw new AppError('CONFLICT', M.closed);
}
