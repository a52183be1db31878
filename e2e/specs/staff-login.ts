import { expect, type Page } from '@playwright/test';

/** The first admin of the e2e server (e2e/playwright.config.ts sets BAKJE_ADMIN_EMAIL and BAKJE_ADMIN_PASSWORD). */
export const FIRST_ADMIN = { email: 'beheer@bakje.test', password: 'Frituur beheer e2e' };

/** Logs in through the real /login form (Dutch, the default language); staff land on the dashboard. */
export async function loginAsStaff(page: Page, account = FIRST_ADMIN) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(account.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}
