// The part of autocannon's API the HTTP bench uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    /** One URL, or several that the connections take in turn. */
    url: string | string[];
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
