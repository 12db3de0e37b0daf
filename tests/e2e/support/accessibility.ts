import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A and AA rules, as axe-core checks them on the rendered page. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

declare global {
  interface Window {
    axe?: {
      run(
        context: Document,
        options: { runOnly: { type: 'tag'; values: string[] } },
      ): Promise<{ violations: Violation[] }>;
    };
  }
}

// The axe-core that @axe-core/playwright itself loads (its dependency, not ours).
const require = createRequire(import.meta.url);
const AXE_SOURCE: string = createRequire(require.resolve('@axe-core/playwright'))(
  'axe-core',
).source;

/** The accessibility violations on the page right now, one readable line per failing node. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const violations = page.frames().length > 1 ? await withFrames(page) : await inThisDocument(page);
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ')}`,
    ),
  );
}

/**
 * A page without frames: axe-core runs in the page itself, loaded once per document. The same
 * rules on the same DOM as AxeBuilder, without its costs per check (it loads axe-core's 0.5 MB
 * into the page twice and opens a blank page to merge frame results: 3–6 s a check under load
 * against ~1 s).
 */
async function inThisDocument(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async (tags) =>
      (await window.axe!.run(document, { runOnly: { type: 'tag', values: tags } })).violations,
    WCAG_TAGS,
  );
}

/** A page with frames (an embedded video player): AxeBuilder checks each frame too. */
async function withFrames(page: Page): Promise<Violation[]> {
  return (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations;
}
