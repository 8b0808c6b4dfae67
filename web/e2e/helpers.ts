import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo!Password2026';

export const APPRAISER_MENU = ['Dashboard', 'Payments', 'Secure Links', 'Quotes', 'Support'];

export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

export async function expectMenu(page: Page, labels: string[]): Promise<void> {
  await expect(mainNav(page).getByRole('link')).toHaveText(labels);
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} ${n.failureSummary ?? ''}`).join('; ')})`);
  expect(summary, summary.join('\n')).toEqual([]);
}
