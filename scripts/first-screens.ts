import type { Plugin } from 'vite';

/**
 * Which modules the pages a user lands on import, statically, at any depth: the build
 * records the module graph as it parses it, and the chunk groups ask once it is complete. What
 * lazy pages share goes in two files by it (vite.config.ts): one those landing pages load, one
 * only the other pages do (a tutor's forms, the admin's contracts, a booking's payment), so a
 * student's first screen does not download and evaluate what only later pages use.
 */
export function firstScreens(pages: RegExp) {
  const imports = new Map<string, readonly string[]>();
  let reached: Set<string> | undefined;

  const plugin: Plugin = {
    name: 'tutora:first-screens',
    buildStart() {
      imports.clear();
      reached = undefined;
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
  };

  /** Whether a landing page imports `id` (asked only once the graph is complete). */
  function reaches(id: string) {
    if (!reached) {
      reached = new Set();
      const stack = [...imports.keys()].filter((module) => pages.test(module));
      if (stack.length === 0) throw new Error(`no module matches ${pages}`);
      while (stack.length > 0) {
        const module = stack.pop()!;
        if (reached.has(module)) continue;
        reached.add(module);
        stack.push(...(imports.get(module) ?? []));
      }
    }
    return reached.has(id);
  }

  return { plugin, reaches };
}
