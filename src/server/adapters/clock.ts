// Business time (what "now" is for a booking, a lesson's status, a link's expiry) comes from
// one injected clock, so tests can fix it and never depend on the hour they run at.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stays where it is put: tests set it, move it forward, or read it. */
export interface FixedClock extends Clock {
  set(at: Date): void;
  advance(ms: number): void;
}

export function fixedClock(at: Date): FixedClock {
  let current = at.getTime();
  return {
    now: () => new Date(current),
    set: (next) => {
      current = next.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
