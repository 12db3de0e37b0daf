import { errorResponse } from '../../contracts/error.contract';

// One fetch wrapper for the API: JSON in and out, same-origin cookies, errors as ApiError
// carrying the server's code, message and field messages.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = 'Network or connection error. Check your connection and try again.';

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  const isForm = body instanceof FormData;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      // A FormData body sets its own multipart content type (with the boundary).
      headers: body === undefined || isForm ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const parsed = errorResponse.safeParse(data);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      throw new ApiError(response.status, code, message, fields);
    }
    throw new ApiError(response.status, 'UNKNOWN', 'Something went wrong. Please try again.');
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
};

/** The message to show for a failure, with a fallback for anything unexpected. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'UNKNOWN'
    ? error.message
    : fallback;
}
