import { createHmac } from 'node:crypto';

// TURN credentials in coturn's REST scheme (`use-auth-secret` + `static-auth-secret`): the
// username is "<expiry unix seconds>:<user id>", the password base64(HMAC-SHA1(secret, username)).
// coturn checks both itself, so nothing is stored and any API process can mint them.

export function turnCredentials(secret: string, userId: string, now: Date, ttlSeconds: number) {
  const expiry = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const username = `${expiry}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}
