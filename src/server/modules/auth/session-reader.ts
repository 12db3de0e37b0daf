import { parseCookies } from 'better-auth/cookies';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AnnouncedCache } from '../../db/announced-cache';
import type { DB } from '../../db/types';
import { SESSION_TTL_SECONDS, SESSION_UPDATE_AGE_SECONDS, type Auth } from './auth';
import { sessionWithUser } from './auth.repository';

// The session check of every signed-in request, in one indexed read (ADR 021): the session
// cookie's signature is checked here, and the session and its user come back from one query on
// the unique token. Better Auth's own lookup takes two (the session, then the user) and stays
// the path for the rare request it must answer itself: a session that expired (it deletes the
// row) or is due for its daily sliding renewal. Where announcements arrive with the commit
// (PGlite), the read is kept in memory until a change to the session or its user is announced
// (ADR 055); on PostgreSQL every request reads, so a session ended through one process is
// refused by every other on its very next request.

/** A session with its user, as read by its token. */
export type StoredSession = NonNullable<Awaited<ReturnType<typeof sessionWithUser>>>;

/** What a session read found: the user row's fields the app shows, or why Better Auth must look. */
export type SessionRead =
  { kind: 'none' } | { kind: 'engine' } | { kind: 'user'; user: SessionRow };

export interface SessionRow {
  id: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  firstName: string;
  lastName: string;
  role: string;
  isProfileCompleted: boolean;
  socialAuthProvider: string;
  timezone: string | null;
  suspendedAt: Date | null;
}

/** Better Auth's signature: base64 HMAC-SHA256 of the token under the secret (44 characters). */
function verifiedToken(signed: string, secret: string): string | undefined {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return undefined;
  const token = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? token
    : undefined;
}

/**
 * The value of cookie `name` in a Cookie header, read by Better Auth's own parser: with two
 * cookies of one name, this check and Better Auth's (sign-out) must pick the same one.
 */
function cookieValue(header: string | null, name: string): string | undefined {
  return header ? parseCookies(header).get(name) : undefined;
}

export async function readSession(
  deps: { auth: Auth; db: Kysely<DB>; sessions?: AnnouncedCache<StoredSession | undefined> },
  headers: Headers,
): Promise<SessionRead> {
  const { authCookies, secret } = await deps.auth.$context;
  const cookies = headers.get('cookie');
  const signed = cookieValue(cookies, authCookies.sessionToken.name);
  const token = signed && verifiedToken(signed, secret);
  if (!token) return { kind: 'none' };
  const read = () => sessionWithUser(deps.db, token);
  const row = await (deps.sessions ? deps.sessions.get(token, read) : read());
  if (!row) return { kind: 'none' };
  // Expiry and renewal are judged as Better Auth judges them: by the system's time (not the
  // business clock), in which it stamps expires_at.
  const now = Date.now();
  const expiresAt = row.expires_at.getTime();
  const renewalDue = expiresAt - (SESSION_TTL_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000 <= now;
  // A session kept only for the browser's life (no "remember me") is never renewed.
  const renews = cookieValue(cookies, authCookies.dontRememberToken.name) === undefined;
  if (expiresAt < now || (renewalDue && renews)) return { kind: 'engine' };
  return {
    kind: 'user',
    user: {
      id: row.id,
      email: row.email,
      emailVerified: row.is_email_verified,
      image: row.avatar_url,
      firstName: row.first_name,
      lastName: row.last_name,
      role: row.role,
      isProfileCompleted: row.is_profile_completed,
      socialAuthProvider: row.social_auth_provider,
      timezone: row.timezone,
      suspendedAt: row.suspended_at,
    },
  };
}
