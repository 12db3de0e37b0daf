import { createRequire } from 'node:module';

// axe-core over a component's DOM in jsdom: the WCAG 2.1 A and AA rules the browser tests use
// (tests/e2e/support/accessibility.ts), less colour contrast, which needs a real layout and
// the browser tests check. axe-core is @axe-core/playwright's own dependency, loaded from there.

const require = createRequire(import.meta.url);
type Violation = { id: string; nodes: { target: string[]; failureSummary?: string }[] };
const axe = createRequire(require.resolve('@axe-core/playwright'))('axe-core') as {
  run(context: Element, options: object): Promise<{ violations: Violation[] }>;
};

const OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  rules: { 'color-contrast': { enabled: false } },
};

/** The violations inside `element`, one readable line per failing node. */
export async function accessibilityViolations(element: Element = document.body) {
  const { violations } = await axe.run(element, OPTIONS);
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary}`,
    ),
  );
}
