import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { useAccountZone } from '../../lib/account-zone';
import { useLesson } from '../../lib/lesson-query';
import { notify } from '../../lib/notify';
import { LESSON_PARAM } from '../../lib/paths';
import { LessonDetailDialog } from './lesson-detail-dialog';
import type { LessonViewer } from './lesson-status';

/**
 * The lesson named in the address (`?lesson=…`, where a notification leads) opened in its
 * details dialog, fetched on its own: it may lie beyond the list's range or be canceled.
 * Closing it takes the name out of the address. One per page.
 */
export function LinkedLessonDialog({ viewer }: { viewer: LessonViewer }) {
  const [params, setParams] = useSearchParams();
  const lessonId = params.get(LESSON_PARAM);
  const lesson = useLesson(lessonId);
  const zone = useAccountZone();
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LESSON_PARAM);
        return next;
      },
      { replace: true },
    );
  const failed = lesson.isError;
  useEffect(() => {
    if (failed) notify.error(M.lessonNotFound, 'linked-lesson');
  }, [failed]);

  return (
    <LessonDetailDialog
      lesson={lessonId ? (lesson.data ?? null) : null}
      viewer={viewer}
      zone={zone}
      onClose={close}
    />
  );
}
