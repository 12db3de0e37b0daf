import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// ESLint rule: server modules depend on each other one way (issue 24, ADR 013). A file of
// src/server/modules/<a> may import src/server/modules/<b> only if no production file of <b>
// imports <a> — type imports count too, since they tie the modules as much. import-x/no-cycle
// sees cycles of files only; two modules that import each other through different files (how
// lessons ↔ payments looked) are a cycle of modules it cannot see. Tests are not counted: a test
// may reach into any module.

const MODULES = join('src', 'server', 'modules');
const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.[^'"]+)['"]/g;

/** The module a path lies in (its folder under src/server/modules), relative to `root`. */
function moduleOf(root, path) {
  const parts = relative(join(root, MODULES), path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
}

/** Which modules each module's production files import, read from disk once per lint run. */
function readImports(root) {
  const imports = new Map();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) {
        const from = moduleOf(root, path);
        for (const [, specifier] of readFileSync(path, 'utf8').matchAll(SPECIFIER)) {
          const to = moduleOf(root, resolve(dirname(path), specifier));
          if (!from || !to || to === from) continue;
          if (!imports.has(from)) imports.set(from, new Map());
          // One file that imports it is enough to name in the message.
          if (!imports.get(from).has(to)) imports.get(from).set(to, relative(root, path));
        }
      }
    }
  };
  walk(join(root, MODULES));
  return imports;
}

let cached;

export const oneWayModules = {
  meta: {
    type: 'problem',
    docs: { description: 'server modules never import each other both ways' },
    schema: [],
    messages: {
      bothWays:
        'modules {{from}} and {{to}} would import each other ({{back}} imports {{from}}): dependencies go one way; let {{from}} announce through a port the composition root (app.ts) wires',
    },
  },
  create(context) {
    const root = context.cwd;
    const filename = context.filename;
    const from = moduleOf(root, filename);
    if (!from || TEST.test(filename)) return {};
    cached ??= readImports(root);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = moduleOf(root, resolve(dirname(filename), specifier));
      const back = to && to !== from && cached.get(to)?.get(from);
      if (back) context.report({ node, messageId: 'bothWays', data: { from, to, back } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
