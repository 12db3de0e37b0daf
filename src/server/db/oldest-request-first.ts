import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { ClientPool } from './named-statements';
import type pg from 'pg';

// PGlite is one connection. In pg's pool its queries queue first come, first served, so a
// request's every query goes to the back of the line again: under 50 connections a request of
// five queries waited behind ~250 others, and p99s were seconds (issue #28). Here the query of
// the request that arrived first goes first: requests finish about in the order they came, and
// a request waits for those ahead of it, not for everyone's next query. A query outside a
// request (a job) counts from when it asks.

const arrivals = new AsyncLocalStorage<number>();

/** Marks what runs from here on (the rest of a request) as arrived now. */
export function enterArrival(at = performance.now()) {
  arrivals.enterWith(at);
}

/** Runs `work` as arrived at `at` (tests give explicit times). */
export function runArrivedAt<T>(at: number, work: () => T): T {
  return arrivals.run(at, work);
}

interface Waiter {
  at: number;
  order: number;
  grant: () => void;
}

/** A pool of PGlite's one connection that hands it to the oldest request's query first. */
export function oldestRequestFirst(pool: pg.Pool): ClientPool {
  const waiting: Waiter[] = [];
  let busy = false;
  let asked = 0;
  const handOn = () => {
    const next = waiting.shift();
    if (next) next.grant();
    else busy = false;
  };
  const turn = () =>
    new Promise<void>((grant) => {
      if (!busy) {
        busy = true;
        return grant();
      }
      const waiter = { at: arrivals.getStore() ?? performance.now(), order: asked++, grant };
      // Sorted by arrival, then by asking (two queries of one request keep their order).
      let index = waiting.length;
      while (index > 0 && isBefore(waiter, waiting[index - 1]!)) index -= 1;
      waiting.splice(index, 0, waiter);
    });

  return {
    async connect() {
      await turn();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        handOn();
        throw error;
      }
      // pg-pool gives each checkout a new release; this one also hands the turn on, once.
      const release = client.release.bind(client);
      let released = false;
      client.release = (error?: Error | boolean) => {
        release(error);
        if (released) return;
        released = true;
        handOn();
      };
      return client;
    },
    end: () => pool.end(),
  };
}

const isBefore = (a: Waiter, b: Waiter) => a.at < b.at || (a.at === b.at && a.order < b.order);
