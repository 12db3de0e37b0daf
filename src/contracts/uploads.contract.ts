import { z } from 'zod/mini';
import { defineEndpoint, MULTIPART } from './endpoint';

// Stored files: a tutor's profile photo, its removal, and reading any file by signed URL.

export const storedImageResponse = z.object({ path: z.string(), url: z.string() });

export const uploadAvatar = defineEndpoint({
  method: 'POST',
  path: '/api/uploads/avatar',
  summary: 'Upload a profile photo (JPEG, PNG or WebP, at most 5 MB; multipart field "file")',
  body: MULTIPART,
  status: 201,
  response: storedImageResponse,
  errors: [
    'BAD_REQUEST',
    'UNAUTHENTICATED',
    'FORBIDDEN',
    'PAYLOAD_TOO_LARGE',
    'UNSUPPORTED_MEDIA_TYPE',
    'RATE_LIMITED',
  ],
});

export const deleteUpload = defineEndpoint({
  method: 'DELETE',
  path: '/api/uploads',
  summary: 'Delete one of your own files',
  query: z.object({ path: z.string().check(z.minLength(1), z.maxLength(300)) }),
  status: 204,
  response: z.null(),
  errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
});

/** The file's bytes with its own content type (for <img src>, not for call()). */
export const getFile = defineEndpoint({
  method: 'GET',
  path: '/api/files/*',
  summary: 'A stored file, through its signed URL',
  params: z.object({ '*': z.string() }),
  query: z.object({
    expires: z.coerce.number().check(z.int()),
    signature: z.string().check(z.maxLength(100)),
  }),
  status: 200,
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND'],
});
