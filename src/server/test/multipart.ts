import type { TestClient } from './http-client';

/** A multipart body with one file in the field "file", as a browser's upload sends it. */
export function fileForm(bytes: Buffer, filename: string, type: string) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return body;
}

/** POSTs a multipart body as `client` (or signed out), same-origin like the browser. */
export function postForm(baseUrl: string, path: string, client: TestClient | null, body: FormData) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { origin: baseUrl, ...(client ? { cookie: client.cookieHeader() } : {}) },
    body,
  });
}
