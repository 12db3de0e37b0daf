import { createRequire } from 'node:module';
import type AxeBuilder from '@axe-core/playwright';
import type { Frame, Page } from 'playwright-core';

/** WCAG 2.1 A and AA rules, as axe-core checks them on the rendered page. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

declare global {
  interface Window {
    axe?: {
      run(
        context: Document,
        options: { runOnly: { type: 'tag'; values: string[] }; iframes: boolean },
      ): Promise<{ violations: Violation[] }>;
    };
  }
}

// The axe-core that @axe-core/playwright itself loads (its dependency, not ours).
const require = createRequire(import.meta.url);
const AXE_SOURCE: string = createRequire(require.resolve('@axe-core/playwright'))(
  'axe-core',
).source;

/**
 * The accessibility violations on the page right now, one readable line per failing node; a
 * node inside a frame (an embedded video player) is named after its frame element first.
 *
 * axe-core runs in each document itself, loaded once per document, each frame on its own.
 * AxeBuilder does the same rules, but gives up on a frame silently when loading axe-core's
 * 0.5 MB into it takes over 1 s (it did under a full test run, and missed a violation), loads it
 * into the page twice and opens a blank page to merge frame results (3–6 s a check under load).
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const lines: string[] = [];
  const toastsAtRest = await page.addStyleTag({ content: TOASTS_AT_REST });
  for (const frame of page.frames()) {
    const where = frame === page.mainFrame() ? [] : [await frameElementSelector(frame)];
    for (const violation of await violationsIn(frame)) {
      for (const node of violation.nodes) {
        const target = [...where, ...node.target].join(' ');
        lines.push(
          `${violation.id}: ${target} — ${node.failureSummary?.split('\n').slice(1).join(' ')}`,
        );
      }
    }
  }
  await toastsAtRest.evaluate((style) => (style as Element).remove());
  return lines;
}

// Toasts come and go on their own timers: one fading in or out while axe reads the page would
// be measured half transparent (a contrast of 1.02 once). They are checked as they rest, fully
// shown, whenever the check comes; the Toaster's container is marked `toaster` for this.
const TOASTS_AT_REST = `.toaster :has(> [role="status"]) {
  animation: none !important;
  transition: none !important;
  opacity: 1 !important;
}`;

async function violationsIn(frame: Frame): Promise<Violation[]> {
  if (!(await frame.evaluate(() => window.axe !== undefined))) await frame.evaluate(AXE_SOURCE);
  // iframes: false — each frame is checked by its own run above, not reached through its parent.
  return frame.evaluate(
    async (tags) =>
      (await window.axe!.run(document, { runOnly: { type: 'tag', values: tags }, iframes: false }))
        .violations,
    WCAG_TAGS,
  );
}

/** `iframe[title="…"]` (or the bare tag): which frame a line is about. */
async function frameElementSelector(frame: Frame): Promise<string> {
  const element = await frame.frameElement();
  return element.evaluate((node) => {
    if (!(node instanceof Element)) return 'frame';
    const title = node.getAttribute('title');
    return title ? `${node.localName}[title="${title}"]` : node.localName;
  });
}
