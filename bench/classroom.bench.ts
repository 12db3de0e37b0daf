import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { testDatabaseUrl } from '../src/server/env';
import { measureCompaction, type CompactionRow } from './classroom-compaction';
import { measureDelivery } from './classroom-delivery';
import { measureFirstFrames } from './classroom-first-frame';

// npm run bench:classroom [-- --joins 20 --classrooms 100 --rates 100,250 --seconds 4
//   --updates 10000 --parts frames,delivery,log]: the built-in classroom (issue #26, ADR 027).
// 1. Time to the first remote video frame over `joins` joins, two Chromium contexts with the
//    fake camera (classroom-first-frame.ts); reference: the pages loaded, in the same join.
// 2. Whiteboard update delivery with `classrooms` classrooms open at once, node clients on the
//    web client's channels, on one API process and on two sharing one PostgreSQL
//    (TEST_DATABASE_URL; PGlite and one process without it), and the memory per open
//    classroom (classroom-delivery.ts); reference: the post's own answer.
// 3. A whiteboard log of `updates` updates: load, compaction, load after (target < 200 ms,
//    issue #26; printed, not asserted) (classroom-compaction.ts); reference: a one-update board.

const { values } = parseArgs({
  options: {
    joins: { type: 'string', default: '20' },
    classrooms: { type: 'string', default: '100' },
    rates: { type: 'string', default: '100,250' },
    seconds: { type: 'string', default: '4' },
    updates: { type: 'string', default: '10000' },
    /** Which parts to run: frames, delivery, log (default all). */
    parts: { type: 'string', default: 'frames,delivery,log' },
  },
});
const TARGET_MS = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ratio = (value: number, reference: number) => `${(value / reference).toFixed(1)}×`;

function table(head: string[], rows: string[][]) {
  console.log(`| ${head.join(' | ')} |`);
  console.log(`| ${head.map((cell) => '-'.repeat(cell.length)).join(' | ')} |`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

async function main() {
  const onPostgres = Boolean(testDatabaseUrl());
  const parts = new Set(values.parts.split(','));
  console.log(`== first remote frame: ${values.joins} joins`);
  const joins = parts.has('frames') ? await measureFirstFrames(Number(values.joins)) : [];
  console.log(`== whiteboard delivery: ${values.classrooms} classrooms`);
  const delivery = parts.has('delivery')
    ? await measureDelivery(onPostgres, {
        classrooms: Number(values.classrooms),
        rates: values.rates.split(',').map(Number),
        seconds: Number(values.seconds),
      })
    : [];
  console.log(`== whiteboard log of ${values.updates} updates`);
  const compaction: CompactionRow[] = [];
  if (parts.has('log'))
    for (const driver of onPostgres ? (['pglite', 'postgres'] as const) : (['pglite'] as const))
      compaction.push(await measureCompaction(driver, Number(values.updates)));

  console.log(
    `\n${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}, ${new Date().toISOString().slice(0, 10)}`,
  );
  if (joins.length > 0) {
    const frames = sorted(joins.flatMap((join) => join.firstFrameMs ?? []));
    const loads = sorted(joins.map((join) => join.loadedMs));
    const failed = joins.length - frames.length;
    console.log(
      `\nTime to the first remote video frame (both sides), ${joins.length} joins${failed ? `, ${failed} with no frame in 30 s (not in the percentiles)` : ''}:`,
    );
    table(
      ['Measure', 'p50', 'p95', 'p50 / pages loaded'],
      [
        [
          'Both pages loaded (reference)',
          ms(percentile(loads, 50)),
          ms(percentile(loads, 95)),
          '1.0×',
        ],
        [
          'First remote frame, both sides',
          ms(percentile(frames, 50)),
          ms(percentile(frames, 95)),
          ratio(percentile(frames, 50), percentile(loads, 50)),
        ],
      ],
    );
  }
  if (delivery.length > 0) {
    console.log(
      `\nWhiteboard update delivery, ${values.classrooms} classrooms open, ${values.seconds} s per rate:`,
    );
    table(
      ['Setup', 'Updates/s', 'Delivered', 'p50', 'p95', 'Post answered p50', 'p50 / post'],
      delivery.map((row) => [
        row.setup,
        String(row.rate),
        `${row.delivered}/${row.posted}`,
        ms(percentile(row.deliveryMs, 50)),
        ms(percentile(row.deliveryMs, 95)),
        ms(percentile(row.postMs, 50)),
        ratio(percentile(row.deliveryMs, 50), percentile(row.postMs, 50)),
      ]),
    );

    console.log(
      '\nMemory per open classroom (API processes, after a full GC; growth while the second half opened):',
    );
    const bySetup = [...new Map(delivery.map((row) => [row.setup, row])).values()];
    table(
      ['Setup', 'RSS idle', 'RSS per classroom', 'Heap per classroom', 'Per classroom / idle RSS'],
      bySetup.map((row) => [
        row.setup,
        `${(row.idleRss / 1024 / 1024).toFixed(0)} MB`,
        kb(row.rssPerClassroom),
        kb(row.heapPerClassroom),
        `${((row.rssPerClassroom / row.idleRss) * 100).toFixed(2)} %`,
      ]),
    );
  }
  if (compaction.length > 0) {
    console.log(
      `\nWhiteboard log of ${values.updates} updates (target: compacts and loads in < ${TARGET_MS} ms):`,
    );
    table(
      [
        'Database',
        'Load, 1 update (reference)',
        'Load, log',
        'Compact',
        'Load, snapshot',
        'Snapshot',
        'Compact / target',
      ],
      compaction.map((row) => [
        row.driver === 'pglite' ? 'PGlite' : 'PostgreSQL',
        ms(row.loadOneMs),
        `${ms(row.loadLogMs)} (${ratio(row.loadLogMs, row.loadOneMs)})`,
        `${ms(row.compactMs)} (${ratio(row.compactMs, row.loadOneMs)})`,
        `${ms(row.loadSnapshotMs)} (${ratio(row.loadSnapshotMs, row.loadOneMs)})`,
        kb(row.snapshotBytes),
        ratio(row.compactMs, TARGET_MS),
      ]),
    );
  }
}

await main();
