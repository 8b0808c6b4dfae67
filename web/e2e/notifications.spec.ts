import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNotice, screenshot, settle, signIn, VIEWPORTS } from './helpers';

test('the appraiser chooses how each event reaches them, and the unsubscribe page asks first', async ({ page }) => {
  await signIn(page, 'demo.appraiser');
  await page.goto('/profile/me/settings');
  const card = page.getByRole('region', { name: 'Notifications' });
  const staffMessage = card.getByRole('combobox', { name: 'How you are told: Message from staff' });
  await expect(staffMessage).toHaveValue('email');
  await staffMessage.selectOption({ label: 'E-mail and text' });
  await card.getByRole('switch', { name: 'Send my e-mails as one daily digest' }).check();
  await card.getByRole('combobox', { name: /^Digest time/ }).selectOption({ label: '5:00 PM' });
  await card.getByRole('button', { name: 'Save Notifications' }).click();
  await expectNotice(page, 'Notification choices saved.');
  await page.reload();
  await expect(card.getByRole('combobox', { name: 'How you are told: Message from staff' })).toHaveValue('both');
  await expect(card.getByRole('combobox', { name: /^Digest time/ })).toHaveValue('17');
  for (const v of VIEWPORTS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await settle(page);
    await expectNoAxeViolations(page);
    await screenshot(page, `notifications-${v.name}-settings.png`);
  }
  // Back to the defaults, for the specs after this one.
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('combobox', { name: 'How you are told: Message from staff' }).selectOption({ label: 'E-mail' });
  await card.getByRole('switch', { name: 'Send my e-mails as one daily digest' }).uncheck();
  await card.getByRole('button', { name: 'Save Notifications' }).click();
  await expectNotice(page, 'Notification choices saved.');

  await page.goto('/unsubscribe?token=not-a-token&event=staffMessage');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  await expectNoAxeViolations(page);
});
