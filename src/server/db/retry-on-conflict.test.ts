import { describe, expect, it } from 'vitest';
import { retryOnceOnConflict } from './retry-on-conflict';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('retryOnceOnConflict', () => {
  it.each(['40P01', '40001'])(
    'runs a transaction PostgreSQL aborted with %s once more',
    async (code) => {
      let runs = 0;
      const result = await retryOnceOnConflict(async () => {
        if (++runs === 1) throw failure(code);
        return 'settled';
      });
      expect({ result, runs }).toEqual({ result: 'settled', runs: 2 });
    },
  );

  it('gives up after the second abort, and never retries other errors', async () => {
    let runs = 0;
    await expect(
      retryOnceOnConflict(async () => {
        runs++;
        throw failure('40P01');
      }),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(2);
    runs = 0;
    await expect(
      retryOnceOnConflict(async () => {
        runs++;
        throw failure('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });
});
