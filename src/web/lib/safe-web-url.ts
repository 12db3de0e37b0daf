// Addresses the server passes on from others (a tutor's meeting link, a provider's receipt)
// become links only when they are web addresses: javascript:, data: or a typo is never followed.

/** The address, normalised, when it is http(s); null for anything else or nothing. */
export function safeWebUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
