import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };

/**
 * axe-core run inside the page: WCAG 2 A and AA rules, serious and critical violations only, as
 * "rule: selector, selector". Toasts are left out: they fade, and axe reads a half-transparent frame.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run({ exclude: [['[data-sonner-toaster]']] }, { runOnly: ['wcag2a', 'wcag2aa'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}
