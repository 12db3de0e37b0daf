import {
  MULTIPART,
  urlOf,
  type Endpoint,
  type EndpointArgs,
  type EndpointInput,
  type EndpointOutput,
} from '../../contracts/endpoint';
import { errorResponse } from '../../contracts/error-codes';

/**
 * What a call expected to fail takes: typed params (the URL), and any query or body, since
 * what is refused is often input the contract would not let through.
 */
type RefusedInput<E extends Endpoint> = {
  params?: EndpointInput<E> extends { params: infer P } ? P : never;
  query?: unknown;
  body?: unknown;
};

/**
 * An endpoint's query as a page's address spells it (`fromDate=…&viewerZone=…`), for tests that
 * write their queries as text: typed as the endpoint's query, checked by the server.
 */
export const queryText = <E extends Endpoint>(_endpoint: E, search: string) =>
  Object.fromEntries(new URLSearchParams(search)) as EndpointInput<E> extends { query: infer Q }
    ? Q
    : never;

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

  /**
   * Calls an endpoint through its contract: the URL from its path, params and query, its body,
   * and the success answer parsed by its response schema (a wrong shape fails the test). Any
   * other status throws a CallFailed with the status and the error's code; a test that expects
   * a refusal asks `callError`.
   */
  async call<E extends Endpoint>(
    endpoint: E,
    ...[input]: EndpointArgs<E>
  ): Promise<EndpointOutput<E>> {
    const answer = await this.send(endpoint, input);
    const success =
      answer.status === endpoint.status || endpoint.alsoAnswers?.includes(answer.status);
    if (!success) throw new CallFailed(endpoint, answer);
    // An empty answer (204) is the contract's null, as the web client reads it.
    const body: unknown = answer.text ? answer.json : null;
    return (endpoint.response ? endpoint.response.parse(body) : answer.text) as EndpointOutput<E>;
  }

  /**
   * Calls an endpoint that is expected to refuse: its status and its error (code, message,
   * fields), checked against the shared error body. A success fails the test. The body is not
   * typed: a refusal is often of input the contract would not let through.
   */
  async callError<E extends Endpoint>(endpoint: E, input?: RefusedInput<E>) {
    const answer = await this.send(endpoint, input);
    if (answer.status < 400) {
      throw new Error(
        `${endpoint.method} ${endpoint.path} answered ${answer.status}, not an error`,
      );
    }
    return { status: answer.status, ...errorResponse.parse(answer.json).error };
  }

  private send(endpoint: Endpoint, input: unknown) {
    const { params, query, body } = (input ?? {}) as {
      params?: unknown;
      query?: unknown;
      body?: unknown;
    };
    if (endpoint.body === MULTIPART) throw new Error('uploads go through test/multipart.ts');
    return this.request(endpoint.method, urlOf(endpoint, { params, query }), body);
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
  /** The same browser (its cookies) talking to another API process at `url`. */
  on(url: string): TestClient {
    const moved = new TestClient(url);
    for (const [name, value] of this.cookies) moved.setCookie(name, value);
    return moved;
  }
}

/** A call that did not answer its endpoint's success status. */
export class CallFailed extends Error {
  constructor(
    endpoint: Endpoint,
    readonly answer: { status: number; text: string },
  ) {
    super(`${endpoint.method} ${endpoint.path} answered ${answer.status}: ${answer.text}`);
  }
}
