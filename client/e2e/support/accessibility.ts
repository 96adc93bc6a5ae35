import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation
 * (0 on every screen: docs/PRODUCT.md, 'Interface'), listing each with the elements it found.
 * `enhancedContrast` adds WCAG AAA's 7:1 text contrast (`color-contrast-enhanced`), which high
 * contrast promises (docs/PRODUCT.md, 'High contrast').
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  { enhancedContrast = false }: { enhancedContrast?: boolean } = {},
): Promise<void> {
  // Colours are judged at rest: a dialog fading in has not reached its contrast yet.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', ...(enhancedContrast ? ['wcag2aaa'] : [])])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
  expect(serious, `accessibility of ${screen}`).toEqual([]);
}
