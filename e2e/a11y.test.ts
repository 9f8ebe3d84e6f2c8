import { languages, translate } from '@farol/i18n';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y.ts';
import { useServerAndBrowser } from './support/server.ts';

// axe-core finds no serious or critical WCAG 2.0/2.1/2.2 A/AA violation on any public page, in any
// language, on a desktop and a phone viewport (the phone layout has its own menu and stacking).
const publicPages = [
  { path: '/', heading: 'landing:hero.titleLead' },
  { path: '/about', heading: 'marketing:about.title' },
  { path: '/contact', heading: 'contact:title' },
  { path: '/privacy', heading: 'legal:privacy.title' },
  { path: '/terms', heading: 'legal:terms.title' },
  { path: '/features', heading: 'marketing:features.title' },
  { path: '/pricing', heading: 'pricing:title' },
  { path: '/ai-chat', heading: 'marketing:aiChat.title' },
  { path: '/trading-signals', heading: 'marketing:tradingSignals.title' },
  { path: '/track-record', heading: 'marketing:trackRecord.title' },
  { path: '/blog', heading: 'blog:title' },
];

const journey = useServerAndBrowser();

describe('accessibility of the public pages', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    for (const language of languages) {
      it(`has no serious or critical axe violation at ${viewport.width} px in ${language}`, async () => {
        const context = await journey.browser.newContext({
          viewport,
          serviceWorkers: 'block',
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        const found: Record<string, string[]> = {};
        for (const { path, heading } of publicPages) {
          await page.goto(`${journey.server.url}${path}?lng=${language}`);
          await page
            .getByRole('heading', { level: 1, name: translate(language, heading) })
            .first()
            .waitFor();
          // The track record comes from the API: audit it, not its loading spinner.
          if (path === '/track-record')
            await page
              .getByRole('img', { name: translate(language, 'marketing:trackRecord.equityChart') })
              .waitFor();
          // Pricing cards come from the API: audit them, not their loading placeholders.
          if (path === '/pricing')
            await page
              .getByRole('button', { name: translate(language, 'pricing:comingSoon') })
              .first()
              .waitFor();
          const violations = await seriousA11yViolations(page);
          if (violations.length > 0) found[path] = violations;
        }
        await context.close();
        expect(found).toEqual({});
      });
    }
  }
});
