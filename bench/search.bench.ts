import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { tutorSearchSchema } from '../src/contracts/tutors.contract';
import { openDatabase, type Database } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { seedDemoTutors } from '../src/server/db/seed/demo-tutors';
import { seedReferenceData } from '../src/server/db/seed/reference-seed';
import { testDatabaseUrl } from '../src/server/env';
import { searchTutors } from '../src/server/modules/tutors/tutors.service';
import { systemClock } from '../src/server/adapters/clock';
import { scratchDatabase } from './scratch-database';

// npm run bench:search [-- --tutors N]: seeds N demo tutors (default 100 000) into a scratch
// database and times the search service (server time, no HTTP) for page 1 and page 50 of a
// filtered text search; compares one result page's bytes with the old design's fetch-all.

const { values } = parseArgs({
  options: {
    tutors: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '60' },
  },
});
const TUTORS = Number(values.tutors);
const RUNS = Number(values.runs);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function time(run: () => Promise<unknown>) {
  for (let i = 0; i < 5; i += 1) await run(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = process.hrtime.bigint();
    await run();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return `p50 ${percentile(samples, 50).toFixed(1)} ms · p95 ${percentile(samples, 95).toFixed(1)} ms`;
}

async function bench(label: string, database: Database) {
  console.log(`\n== ${label}: seeding ${TUTORS.toLocaleString('en-US')} tutors…`);
  const started = Date.now();
  await migrate(database.db);
  await seedReferenceData(database.db);
  await seedDemoTutors(database.db, { count: TUTORS, seed: 1 });
  await sql`vacuum analyze`.execute(database.db);
  console.log(`   seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const ctx = { db: database.db, signingSecret: 'bench', clock: systemClock };
  const filters = (page: number) =>
    tutorSearchSchema.parse({ q: 'math', minPrice: 10, maxPrice: 80, minRating: 4, page });
  const first = await searchTutors(ctx, filters(1));
  console.log(
    `   query 'math', $10-$80, rating ≥ 4: ${first.total.toLocaleString('en-US')} matches`,
  );
  console.log(`   page 1 : ${await time(() => searchTutors(ctx, filters(1)))}`);
  console.log(`   page 50: ${await time(() => searchTutors(ctx, filters(50)))}`);
  console.log(
    `   no filters, page 1: ${await time(() => searchTutors(ctx, tutorSearchSchema.parse({})))}`,
  );
  // Other shapes the search screen sends: a typo, a subject chip, a price sort over text.
  const extra = {
    "typo 'mathematcs', page 1": { q: 'mathematcs' },
    'subject chip Physics, page 1': { subjects: 'Physics' },
    "'math' by price, page 50": { q: 'math', sort: 'price_asc', page: 50 },
    // The first key typed in the search box: a word most tutors have starts with it.
    "one letter 'a', page 1": { q: 'a' },
    "one letter 'a', page 50": { q: 'a', page: 50 },
    "one letter 'm' by price, page 1": { q: 'm', sort: 'price_asc' },
    "one letter 'e' by rating, $10-$80": { q: 'e', sort: 'rating', minPrice: 10, maxPrice: 80 },
  };
  for (const [label, input] of Object.entries(extra)) {
    console.log(
      `   ${label}: ${await time(() => searchTutors(ctx, tutorSearchSchema.parse(input)))}`,
    );
  }

  // The old design downloaded every profile joined with its user and filtered in the browser.
  const everything = await database.db
    .selectFrom('tutor_profiles as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .selectAll('tp')
    .select(['u.first_name', 'u.last_name', 'u.avatar_url'])
    .execute();
  console.log(
    `   bytes: one result page ${kb(JSON.stringify(first).length)} vs fetch-all ${kb(JSON.stringify(everything).length)}`,
  );
}

const embedded = await openDatabase({ driver: 'pglite' });
try {
  await bench('PGlite (embedded)', embedded);
} finally {
  await embedded.close();
}

const serverUrl = testDatabaseUrl();
if (serverUrl) {
  const scratch = await scratchDatabase(serverUrl, 'tutora_bench');
  const server = await openDatabase({ driver: 'postgres', url: scratch.url });
  try {
    await bench('PostgreSQL server', server);
  } finally {
    await server.close();
    await scratch.drop();
  }
} else {
  console.log('\n(set TEST_DATABASE_URL to benchmark a PostgreSQL server too)');
}
