import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// package.json's `engines` is a promise to whoever installs Tutora: every Node it names runs
// every installed package. A dependency that moves to a newer Node (content-disposition@3 and
// cookie@2 went to Node 22) is pinned in `overrides` until we move too; this finds the next one.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: string };
}

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Manifest;

/** Every package.json under a node_modules folder, nested ones included. */
function* installed(modules: string): Generator<Manifest> {
  if (!existsSync(modules)) return;
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith('.')) continue;
    const folders = entry.startsWith('@')
      ? readdirSync(path.join(modules, entry)).map((name) => path.join(modules, entry, name))
      : [path.join(modules, entry)];
    for (const folder of folders) {
      const manifest = path.join(folder, 'package.json');
      if (existsSync(manifest)) yield read(manifest);
      yield* installed(path.join(folder, 'node_modules'));
    }
  }
}

describe('the Node versions package.json promises', () => {
  it('every installed package runs on them', () => {
    const promised = read(path.join(ROOT, 'package.json')).engines?.node;
    expect(promised).toBeTruthy();
    const refusing: string[] = [];
    let checked = 0;
    for (const manifest of installed(path.join(ROOT, 'node_modules'))) {
      const needs = manifest.engines?.node;
      if (!needs || !semver.validRange(needs)) continue;
      checked += 1;
      if (!semver.subset(promised!, needs))
        refusing.push(`${manifest.name}@${manifest.version} needs Node ${needs}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(refusing).toEqual([]);
  });
});
