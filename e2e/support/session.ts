import type { Page } from 'playwright-core';

/** Signs in through the form and waits for the home screen (the person's password is final). */
export async function signInThroughForm(page: Page, baseUrl: string, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByTestId('sign-in').click();
  await page.waitForURL(`${baseUrl}/`);
}

/** Signs out with the navigation's button and waits for the sign-in page. */
export async function signOutThroughNav(page: Page): Promise<void> {
  await page.getByTestId('sign-out').click();
  await page.waitForURL(/\/sign-in/);
}
