/** Texts of the API and the API client themselves, whatever the screen (ours). */
export const API_MESSAGES = {
  internal: 'Something went wrong on our side. Please try again.',
  /** A value the database's bounds refused that no repository translated: still the input's fault. */
  outOfBounds: 'Some of the values sent are outside the allowed limits.',
  invalidRequest: 'Invalid request',
  invalidValue: 'Invalid value',
  crossSiteRefused: 'Cross-site request refused',
  pathNotCanonical: (reason: string) =>
    `The request path is not in canonical form (${reason}). Send it as the API documents it.`,
  jsonTooDeep: 'The request body nests too deeply.',
  jsonTooManyValues: 'The request body holds too many values.',
  bodyTypeMissing: 'A request body needs a Content-Type header.',
  bodyTypeRefused: (type: string, accepted: readonly string[]) =>
    `This endpoint does not take ${type} bodies; send ${accepted.join(' or ')}.`,
  network: 'Network or connection error. Check your connection and try again.',
  unknown: 'Something went wrong. Please try again.',
  fileNotFound: 'File not found',
  fileLinkInvalid: 'This file link is invalid or has expired',
  googleNotConfigured: 'Google sign-in is not configured',
  tutorProfileMissing: 'Complete your tutor profile first',
  /** A NUL character or half of a surrogate pair: no text we store or search may hold one. */
  textNotStorable: 'Text may not contain NUL characters or broken Unicode',
} as const;
