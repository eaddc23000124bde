import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * What AxeBuilder evaluates before each scan in place of axe-core's whole source: a check that the engine is in the
 * page. Evaluating the 570 KB source took 0.2 to 0.5 s, twice a scan (AxeBuilder injects it, then again per frame);
 * `axeViolations` puts it in once per document instead, and a walker that moves inside the console keeps it.
 */
const AXE_IN_PAGE = "if (typeof window.axe?.run !== 'function') throw new Error('axe-core is not in the page');";

/** Puts axe-core in each frame's document unless it is there already (a document loaded since has lost it). */
async function ensureAxe(page: Page) {
  for (const frame of page.frames()) {
    const isThere = await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
    if (!isThere) await frame.evaluate(axe.source);
  }
}

/** The colours axe measured on a contrast failure, to say what to fix. */
function contrastOf(data: unknown): string {
  const { fgColor, bgColor, contrastRatio } = (data ?? {}) as { fgColor?: string; bgColor?: string; contrastRatio?: number };
  return fgColor && bgColor ? ` (${fgColor} on ${bgColor}, ${contrastRatio}:1)` : '';
}

/** The WCAG 2 A and AA rules of axe that fail on `page`, one line each: rule, page, first element (issue 19). */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  // Colours sampled mid-transition are neither the start's nor the end's (seen: a dialog's button read at 4.49:1
  // while it faded in): wait until no finite animation or transition runs (a spinner's never ends; 3 s at most).
  // A decoration hidden from assistive technology with no text in it (the navigation bar fading out for 0.45 s after
  // every page) has no colours to measure: it does not hold the scan.
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((animation) => {
          if (animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity) return true;
          const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
          return target instanceof Element && target.closest('[aria-hidden="true"]') !== null && (target.textContent ?? '').trim() === '';
        }),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  // Legacy mode runs axe in the page itself (the default runs it per frame, then opens a blank page to put the
  // results together), and only violations come back (not every node that passed): 0.6 to 1.2 s a scan, where it
  // was 2 to 4 s and took the two languages' scans of the 41 menu pages past 13 minutes in CI; with the engine put
  // in once per document, 0.3 to 0.6 s.
  await ensureAxe(page);
  const { violations } = await new AxeBuilder({ page, axeSource: AXE_IN_PAGE }).setLegacyMode(true).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return violations.map((violation) => {
    const node = violation.nodes[0];
    return `${violation.id} (${violation.nodes.length}) on ${label}: ${node?.target.join(' ')}${contrastOf(node?.any[0]?.data)}`;
  });
}
