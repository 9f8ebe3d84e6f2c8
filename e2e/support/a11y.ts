import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
type AxeResult = {
  violations: { id: string; impact: string; tags: string[]; nodes: { target: string[] }[] }[];
};

/** Every WCAG 2.0, 2.1 and 2.2 success criterion at levels A and AA that axe-core checks. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe-core run inside the page with every WCAG 2.0/2.1/2.2 A and AA rule, the experimental ones included
 * (such as label-content-name-mismatch, WCAG 2.5.3), keeping serious and critical violations of those
 * criteria, as "rule: selector, selector". Toasts are left out: they fade, and axe reads a half-transparent
 * frame.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResult> } }
    ).axe;
    // 'experimental' turns on the rules axe keeps off by default; the WCAG filter below drops those of other standards.
    const result = await axe.run(
      { exclude: [['[data-sonner-toaster]']] },
      { runOnly: { type: 'tag', values: [...tags, 'experimental'] } },
    );
    return result.violations
      .filter((violation) => violation.tags.some((tag) => tags.includes(tag)))
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  }, wcagTags);
}
