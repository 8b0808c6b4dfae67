import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, screenshot, settle, signIn, VIEWPORTS } from './helpers';

interface AppConfig {
  supportEmail: string;
  supportPhone: string;
  technicalSupportEmail: string;
}

for (const vp of VIEWPORTS) {
  test(`support center ${vp.name} ${vp.width}x${vp.height}: contacts from configuration, report link, axe clean`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signIn(page, 'demo.appraiser');
    const config = (await (await page.request.get('/api/app-config')).json()) as AppConfig;
    await page.goto('/appraiser/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support Center' })).toBeVisible();

    const general = page.getByRole('region', { name: 'General Support' });
    await expect(general).toContainText('Monday to Friday, 8:00 AM to 5:00 PM CST');
    await expect(general.getByRole('link', { name: config.supportEmail })).toHaveAttribute('href', `mailto:${config.supportEmail}`);
    await expect(general.getByRole('link', { name: config.supportPhone })).toHaveAttribute('href', /^tel:/);

    const technical = page.getByRole('region', { name: 'Technical Support' });
    await expect(technical.getByRole('link', { name: config.technicalSupportEmail })).toHaveAttribute('href', `mailto:${config.technicalSupportEmail}`);
    await expect(technical).toContainText('24 hours on business days');

    const report = page.getByRole('region', { name: 'Report a Problem' }).getByRole('link');
    await expect(report).toHaveAttribute('href', `mailto:${config.technicalSupportEmail}?subject=Issue%20Report`);

    // This page is the help: no "Need help?" block under it.
    await expect(page.getByRole('heading', { name: 'Need help?' })).toHaveCount(0);

    await expect(page.getByText('Verification successful')).toBeHidden({ timeout: 10_000 });
    await settle(page);
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(vp.width);
    await expectNoAxeViolations(page);
    await screenshot(page, `support-${vp.width}x${vp.height}.png`);
  });
}
