import { expect, test } from '@playwright/test';
import { checkBothWidths, expectNoAxeViolations, expectNotice, signIn } from './helpers';

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
  await checkBothWidths(page, (v) => `notifications-${v.name}-settings.png`);
  // Back to the defaults, for the specs after this one.
  await card.getByRole('combobox', { name: 'How you are told: Message from staff' }).selectOption({ label: 'E-mail' });
  await card.getByRole('switch', { name: 'Send my e-mails as one daily digest' }).uncheck();
  await card.getByRole('button', { name: 'Save Notifications' }).click();
  await expectNotice(page, 'Notification choices saved.');

  await page.goto('/unsubscribe?token=not-a-token&event=staffMessage');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  await expectNoAxeViolations(page);
});
