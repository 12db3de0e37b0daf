import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seedReferenceData } from '../db/seed/reference-seed';
import { testDatabaseUrl } from '../env';

// A new PGlite spends most of its start in initdb (10–15 s on a busy machine), and each test
// file runs in its own module scope, so a per-file template still paid that once per file.
// Instead the run builds its starting databases once, before any test file (the globalSetup of
// the api and browser projects): two PGlite data directories, a fresh one and one migrated and
// seeded, and on the PostgreSQL test server a migrated and seeded template database. Each test
// database is a copy of one of them (see test-database.ts).

export interface DatabaseTemplates {
  /** Dumped PGlite data directories (tarballs `loadDataDir` takes). */
  pglite: { empty: string; migrated: string };
  /** The PostgreSQL template database's name, when TEST_DATABASE_URL is set. */
  postgres?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

async function migrateAndSeed(database: Database) {
  await migrate(database.db);
  await seedReferenceData(database.db);
}

async function buildPgliteTemplates(dir: string): Promise<DatabaseTemplates['pglite']> {
  const templates = {
    empty: path.join(dir, 'empty.tar'),
    migrated: path.join(dir, 'migrated.tar'),
  };
  const database = await openDatabase({ driver: 'pglite' });
  try {
    const dump = async (file: string) =>
      writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await dump(templates.empty);
    await migrateAndSeed(database);
    await dump(templates.migrated);
  } finally {
    await database.close();
  }
  return templates;
}

async function onTestServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A migrated and seeded database on the test server; nothing stays connected to it. */
async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `tutora_template_${randomBytes(6).toString('hex')}`;
  await onTestServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 1 });
  try {
    await migrateAndSeed(database);
  } finally {
    await database.close();
  }
  return name;
}

async function buildTemplates() {
  const dir = mkdtempSync(path.join(tmpdir(), 'tutora-db-templates-'));
  const serverUrl = testDatabaseUrl();
  const [pglite, postgres] = await Promise.all([
    buildPgliteTemplates(dir),
    serverUrl ? buildPostgresTemplate(serverUrl) : undefined,
  ]);
  const remove = async () => {
    rmSync(dir, { recursive: true, force: true });
    if (serverUrl && postgres)
      await onTestServer(serverUrl, `drop database if exists ${postgres} with (force)`);
  };
  return { templates: { pglite, postgres } satisfies DatabaseTemplates, remove };
}

// Both projects' global setups run in the one Vitest main process: build the templates once
// for both (kept on globalThis because each setup file gets its own copy of this module) and
// remove them after the last project's teardown.
const shared = globalThis as {
  tutoraDatabaseTemplates?: { built: ReturnType<typeof buildTemplates>; users: number };
};

/** Vitest globalSetup: builds the templates once per run and hands them to the tests. */
export default async function provideDatabaseTemplates(project: TestProject) {
  shared.tutoraDatabaseTemplates ??= { built: buildTemplates(), users: 0 };
  const state = shared.tutoraDatabaseTemplates;
  state.users += 1;
  const { templates, remove } = await state.built;
  project.provide('databaseTemplates', templates);
  return async () => {
    state.users -= 1;
    if (state.users === 0) await remove();
  };
}
