/**
 * A tiny cookie-keeping client for API tests: one instance is one browser. It sends the
 * Origin a browser would, so CSRF checks see a same-origin request.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: this.baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: leave json undefined and let the test read `text`
    }
    return { status: response.status, headers: response.headers, json, text };
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body ?? {}, headers);
  }
  /** Starts this browser with a cookie (a session made without signing in: bulk test data). */
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }
  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  cookieNames() {
    return [...this.cookies.keys()];
  }
  /** Name and value of each cookie this browser holds (to hand its session to a real one). */
  cookieEntries() {
    return [...this.cookies];
  }
}
