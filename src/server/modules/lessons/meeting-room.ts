import { randomBytes } from 'node:crypto';
import { MEETING_ROOM_PLACEHOLDER } from '../../../domain/booking/classroom';

// A lesson's video room. Public rooms (Jitsi Meet's, by default) are open to whoever knows the
// name, so the name is the lock: 128 random bits, never derived from the lesson or its people.

const ROOM_NAME_BYTES = 16;

/** A fresh room's address from MEETING_URL_TEMPLATE: `{room}` becomes `tutora-<32 hex digits>`. */
export function newMeetingUrl(template: string): string {
  const room = `tutora-${randomBytes(ROOM_NAME_BYTES).toString('hex')}`;
  return template.replaceAll(MEETING_ROOM_PLACEHOLDER, room);
}
