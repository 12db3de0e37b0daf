import { z } from 'zod';

/**
 * What a classroom write NOTIFYs on EVENT_CHANNELS.classroom: ids, never content (a payload
 * is capped near 8 000 bytes), and whom to tell. Each process reads the row for its own tabs.
 */
export const classroomNotice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('signal'), id: z.number().int(), userIds: z.array(z.string()) }),
  z.object({
    kind: z.literal('whiteboard'),
    seq: z.number().int(),
    lessonId: z.string(),
    authorId: z.string(),
    /** The update itself when it fits (most strokes): no read, and compaction cannot race it. */
    update: z.string().optional(),
    userIds: z.array(z.string()),
  }),
]);
export type ClassroomNotice = z.infer<typeof classroomNotice>;
