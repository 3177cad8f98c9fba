import type { Page } from 'playwright-core';
import { api, baseUrl, DEMO_PASSWORD, freshPagePerTest, shot, signInThroughApi, textOf, UI_TIMEOUT_MS } from './browser-helpers';

// Account area end to end (spec 000 sections 2, 5, 8, 9): change password, Edit Profile with a server
// field error placed on its field, and Account Settings changing the whole console (dark mode follows
// the user to another device). Every change to demo data is undone at the end of its test.

const PASSWORD = DEMO_PASSWORD;
const NEW_PASSWORD = 'NewPass12!';
const PASSWORD_USER = 'tc@demo-realty.test';
const PROFILE_USER = 'isa@demo-realty.test';
const THEME_USER = 'agent@demo-realty.test';
const EMAIL_USER = 'restricted@demo-realty.test';
const CLIENT_USER = 'client@demo-realty.test';

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-shell').waitFor({ timeout: UI_TIMEOUT_MS });
}

async function expectToast(page: Page, message: string): Promise<void> {
  await page.getByText(message, { exact: true }).first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

async function bodyBackground(page: Page): Promise<string> {
  return page.evaluate(() => {
    const g = globalThis as unknown as {
      document: { body: object };
      getComputedStyle(element: object): { backgroundColor: string };
    };
    return g.getComputedStyle(g.document.body).backgroundColor;
  });
}

async function bodyFontSize(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate((element) => {
    const g = globalThis as unknown as { getComputedStyle(element: object): { fontSize: string } };
    return parseFloat(g.getComputedStyle(element).fontSize);
  });
}

/** Waits until the page's background is (or is not) the given colour. */
async function waitForBackground(page: Page, colour: string, same: boolean): Promise<string> {
  await page.waitForFunction(
    ([expected, wanted]) => {
      const g = globalThis as unknown as { document: { body: object }; getComputedStyle(e: object): { backgroundColor: string } };
      return (g.getComputedStyle(g.document.body).backgroundColor === expected) === wanted;
    },
    [colour, same] as const,
    { timeout: UI_TIMEOUT_MS },
  );
  return bodyBackground(page);
}

/** The options of a react-admin SelectInput, by its label; the list is closed again. */
async function optionsOf(page: Page, label: string): Promise<string[]> {
  await page.getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor({ timeout: UI_TIMEOUT_MS });
  const options = (await listbox.getByRole('option').allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
  return options;
}

/** The user's saved dark_mode, once it is `expected` (the toggle's PATCH may still be on its way) or after 5 s. */
async function savedDarkMode(token: string, expected: boolean): Promise<unknown> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = (await api<{ dark_mode?: boolean }>('/api/user/profile/defaults', { token })).body?.dark_mode;
    if (value === expected || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function tokenFor(email: string, password: string): Promise<string | null> {
  const { status, body } = await api('/api/auth/login', { method: 'POST', body: { email, password } });
  return status === 200 && body ? String(body.access_token) : null;
}

describe('Account area', () => {
  const ui = freshPagePerTest();
  let page: Page;
  beforeEach(() => {
    page = ui.page;
  });

  it('changes the password: rules, a wrong current password on its field, success, and back', async () => {
    try {
      await signIn(page, PASSWORD_USER, PASSWORD);
      await page.getByTestId('menu-account-password').click();
      await page.waitForURL((url) => url.pathname === '/app/account/password', { timeout: UI_TIMEOUT_MS });
      const submit = page.getByTestId('change-password-submit');
      await submit.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await submit.isDisabled()).toBe(true);

      // Client rules and strength suggestions.
      await page.getByTestId('password-new_password').fill('abc');
      await page.getByTestId('password-confirm_new_password').fill('abd');
      await page.getByTestId('password-current_password').click();
      expect(await textOf(page, 'password-new_password-error')).toBe('Minimum length is 8');
      expect(await page.getByTestId('password-suggestion-uppercase').getAttribute('data-met')).toBe('false');
      await page.getByTestId('password-new_password').fill(NEW_PASSWORD);
      expect(await page.getByTestId('password-suggestion-uppercase').getAttribute('data-met')).toBe('true');
      expect(await page.getByTestId('password-suggestion-special').getAttribute('data-met')).toBe('true');
      await page.getByTestId('password-confirm_new_password').fill('NewPass12?');
      expect(await textOf(page, 'password-confirm_new_password-error')).toBe('Passwords do not match');
      expect(await submit.isDisabled()).toBe(true);

      // A wrong current password: the server's field error under that field.
      await page.getByTestId('password-confirm_new_password').fill(NEW_PASSWORD);
      await page.getByTestId('password-current_password').fill('not-my-password');
      expect(await submit.isDisabled()).toBe(false);
      await submit.click();
      const currentError = await textOf(page, 'password-current_password-error');
      expect(currentError.length).toBeGreaterThan(0);
      await shot(page, 'account-password-field-error.png');

      // The right one.
      await page.getByTestId('password-current_password').fill(PASSWORD);
      await submit.click();
      await expectToast(page, 'Password successfully updated');
      expect(await page.getByTestId('password-current_password').inputValue()).toBe('');
      await shot(page, 'account-password-updated.png');

      // The new password signs in (another device), the old one no longer does.
      expect(await tokenFor(PASSWORD_USER, PASSWORD)).toBeNull();
      const other = await ui.browser.newContext({ viewport: { width: 1366, height: 900 } });
      const otherPage = await other.newPage();
      await signIn(otherPage, PASSWORD_USER, NEW_PASSWORD);

      // Back to the demo password through the same screen.
      await otherPage.goto(`${baseUrl()}/app/account/password`, { waitUntil: 'domcontentloaded' });
      await otherPage.getByTestId('password-current_password').fill(NEW_PASSWORD);
      await otherPage.getByTestId('password-new_password').fill(PASSWORD);
      await otherPage.getByTestId('password-confirm_new_password').fill(PASSWORD);
      await otherPage.getByTestId('change-password-submit').click();
      await expectToast(otherPage, 'Password successfully updated');
      await other.close();
      expect(await tokenFor(PASSWORD_USER, PASSWORD)).not.toBeNull();
    } catch (error) {
      await shot(page, 'account-password-failure.png');
      throw error;
    } finally {
      // Whatever happened, the demo password again.
      const token = await tokenFor(PASSWORD_USER, NEW_PASSWORD);
      if (token) {
        await api('/api/user/password', {
          method: 'PATCH',
          token,
          body: { current_password: NEW_PASSWORD, new_password: PASSWORD, confirm_new_password: PASSWORD },
        });
      }
    }
  }, 120_000);

  it('saves the profile; a server field error shows under its field with the form error', async () => {
    let original: Record<string, unknown> | null = null;
    try {
      await signIn(page, PROFILE_USER, PASSWORD);
      const token = await tokenFor(PROFILE_USER, PASSWORD);
      original = token ? (await api('/api/user/profile', { token })).body : null;

      await page.getByTestId('menu-profile').click();
      await page.waitForURL((url) => url.pathname === '/app/account/profile', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('profile-form').waitFor({ timeout: UI_TIMEOUT_MS });

      // Sections for an ISA of Demo Realty (market 0, transaction_sync, not ADMIN).
      expect(await page.getByTestId('profile-cap-split').isVisible()).toBe(true);
      expect(await page.getByTestId('profile-integrations').isVisible()).toBe(true);
      expect(await page.getByTestId('profile-notes').count()).toBe(0);
      await page.getByTestId('profile-cap-summary').waitFor({ timeout: UI_TIMEOUT_MS });
      const phone = page.getByTestId('profile-mobile_phone').locator('input');
      expect(await phone.getAttribute('placeholder')).toBe('(999) 999-9999');

      // Required on the client.
      const firstName = page.getByTestId('profile-first_name').locator('input');
      const firstNameValue = await firstName.inputValue();
      await firstName.fill('');
      await phone.click();
      await page.getByTestId('profile-first_name').getByText('Required').waitFor({ timeout: UI_TIMEOUT_MS });
      await firstName.fill(firstNameValue);

      // The server refuses the phone: its message under the phone field, and the form error toast.
      await phone.fill('call me maybe');
      await page.getByTestId('profile-save').click();
      await expectToast(page, 'Form Error: Please correct errors to save changes.');
      const phoneHelper = page.getByTestId('profile-mobile_phone').locator('.MuiFormHelperText-root');
      await phoneHelper.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(((await phoneHelper.textContent()) ?? '').trim()).toBe('Invalid phone number');
      await shot(page, 'account-profile-field-error.png');

      // A good save.
      await phone.fill('(555) 555-0199');
      await page.getByTestId('profile-city').locator('input').fill('Springfield');
      await page.getByTestId('profile-save').click();
      await expectToast(page, 'Profile updated');
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByTestId('profile-form').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('profile-city').locator('input').inputValue()).toBe('Springfield');
      expect(await page.getByTestId('profile-mobile_phone').locator('input').inputValue()).toBe('(555) 555-0199');
      await shot(page, 'account-profile-saved.png');

      // Mobile layout (960px and less): the form still works, the cap summary slot goes under it.
      await page.setViewportSize({ width: 800, height: 900 });
      await page.getByTestId('profile-save').scrollIntoViewIfNeeded();
      expect(await page.getByTestId('profile-save').isVisible()).toBe(true);
      await shot(page, 'account-profile-mobile.png');
    } catch (error) {
      await shot(page, 'account-profile-failure.png');
      throw error;
    } finally {
      if (original) {
        const token = await tokenFor(PROFILE_USER, PASSWORD);
        if (token) {
          await api('/api/user/profile', {
            method: 'PATCH',
            token,
            body: {
              first_name: original.first_name,
              last_name: original.last_name,
              mobile_phone: original.mobile_phone,
              city: original.city ?? null,
            },
          });
        }
      }
    }
  }, 120_000);

  it('applies UI settings to the whole console and they follow the user to another device', async () => {
    try {
      await signIn(page, PROFILE_USER, PASSWORD);
      await page.getByTestId('menu-account-settings').click();
      await page.waitForURL((url) => url.pathname === '/app/account/settings', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('account-settings-form').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByRole('combobox', { name: 'Default landing page' }).textContent()).toContain('Snapshot');

      const lightBackground = await bodyBackground(page);
      const menuFontBefore = await bodyFontSize(page, 'menu-dashboard');

      // Live: dark mode and scale change the page before saving.
      await page.getByRole('switch', { name: 'Dark mode' }).check();
      await page.waitForFunction(
        (before) => {
          const g = globalThis as unknown as { document: { body: object }; getComputedStyle(e: object): { backgroundColor: string } };
          return g.getComputedStyle(g.document.body).backgroundColor !== before;
        },
        lightBackground,
        { timeout: UI_TIMEOUT_MS },
      );
      await page.getByRole('combobox', { name: 'Scale' }).click();
      await page.getByRole('option', { name: 'Large', exact: true }).click();
      await page.waitForFunction(
        () =>
          (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }).document.documentElement.dataset
            .uiScale === 'ui-large',
        undefined,
        { timeout: UI_TIMEOUT_MS },
      );
      expect(await bodyFontSize(page, 'menu-dashboard')).toBeGreaterThan(menuFontBefore);

      await page.getByTestId('settings-save').click();
      await expectToast(page, 'Profile updated');
      const darkBackground = await bodyBackground(page);
      expect(darkBackground).not.toBe(lightBackground);
      await shot(page, 'account-settings-dark-large.png');

      // After a reload: still dark and large.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByTestId('account-settings-form').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await bodyBackground(page)).toBe(darkBackground);
      expect(await page.getByRole('switch', { name: 'Dark mode' }).isChecked()).toBe(true);

      // Another device (fresh browser storage): the server's settings apply at sign-in.
      const other = await ui.browser.newContext({ viewport: { width: 1366, height: 900 } });
      const otherPage = await other.newPage();
      await signIn(otherPage, PROFILE_USER, PASSWORD);
      await otherPage.waitForFunction(
        (expected) => {
          const g = globalThis as unknown as { document: { body: object }; getComputedStyle(e: object): { backgroundColor: string } };
          return g.getComputedStyle(g.document.body).backgroundColor === expected;
        },
        darkBackground,
        { timeout: UI_TIMEOUT_MS },
      );
      await shot(otherPage, 'account-settings-other-device.png');
      await other.close();

      // Back to the defaults through the screen.
      await page.getByRole('switch', { name: 'Dark mode' }).uncheck();
      await page.getByRole('combobox', { name: 'Scale' }).click();
      await page.getByRole('option', { name: 'Default', exact: true }).click();
      await page.getByTestId('settings-save').click();
      await expectToast(page, 'Profile updated');
      expect(await bodyBackground(page)).toBe(lightBackground);
    } catch (error) {
      await shot(page, 'account-settings-failure.png');
      throw error;
    } finally {
      const token = await tokenFor(PROFILE_USER, PASSWORD);
      if (token) {
        await api('/api/user/profile/defaults', {
          method: 'PATCH',
          token,
          body: { ui_scale: 'ui-default', ui_font_weight: 'fw-400', dark_mode: false },
        });
      }
    }
  }, 120_000);

  it("the app bar's theme toggle saves dark mode: a reload and Account Settings agree with it", async () => {
    try {
      await signInThroughApi(page, THEME_USER);
      await page.goto(`${baseUrl()}/app`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('home-welcome').waitFor({ timeout: UI_TIMEOUT_MS });
      const toggle = page.getByTestId('theme-toggle').locator('button');
      expect(await toggle.getAttribute('aria-label')).toBe('Switch to dark mode');
      const light = await bodyBackground(page);

      // Dark from the app bar; a reload keeps it (the server has it, not only this browser).
      await toggle.click();
      const dark = await waitForBackground(page, light, false);
      expect(await toggle.getAttribute('aria-label')).toBe('Switch to light mode');
      const token = await tokenFor(THEME_USER, PASSWORD);
      expect(await savedDarkMode(token!, true)).toBe(true);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByTestId('home-welcome').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await waitForBackground(page, dark, true)).toBe(dark);

      // Account Settings says Dark too.
      await page.getByTestId('menu-account-settings').click();
      await page.getByTestId('account-settings-form').waitFor({ timeout: UI_TIMEOUT_MS });
      const darkSwitch = page.getByRole('switch', { name: 'Dark mode' });
      expect(await darkSwitch.isChecked()).toBe(true);

      // The dropdowns hold a value each and offer no empty option.
      expect(await optionsOf(page, 'Scale')).toEqual(['Small', 'Compact', 'Default', 'Large']);
      expect(await optionsOf(page, 'Font weight')).toEqual(['Regular (400)', 'Semi-bold (600)', 'Bold (700)']);
      const landing = await optionsOf(page, 'Default landing page');
      expect(landing.length).toBeGreaterThan(0);
      expect(landing.every((option) => option.length > 0)).toBe(true);

      // Light from the app bar while Settings is open: the switch follows at once, and after a reload.
      // (react-admin's app bar slides away on scrolling down: back to the top first.)
      await page.mouse.wheel(0, -5000);
      await toggle.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      await toggle.click();
      await waitForBackground(page, light, true);
      await page.waitForFunction(
        () => {
          const doc = (globalThis as unknown as { document: { querySelector(s: string): { checked: boolean } | null } }).document;
          return doc.querySelector('[data-testid="settings-dark_mode"] input')?.checked === false;
        },
        undefined,
        { timeout: UI_TIMEOUT_MS },
      );
      await shot(page, 'account-theme-toggle-settings.png');
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByTestId('account-settings-form').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await darkSwitch.isChecked()).toBe(false);
      expect(await bodyBackground(page)).toBe(light);
      expect(await savedDarkMode(token!, false)).toBe(false);
    } catch (error) {
      await shot(page, 'account-theme-toggle-failure.png');
      throw error;
    } finally {
      const token = await tokenFor(THEME_USER, PASSWORD);
      if (token) await api('/api/user/profile/defaults', { method: 'PATCH', token, body: { dark_mode: false } });
    }
  }, 60_000);

  it("says 'Invalid email address.' for a malformed email (no browser bubble) and marks the required fields", async () => {
    try {
      await signInThroughApi(page, EMAIL_USER);
      await page.goto(`${baseUrl()}/app/account/profile`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('profile-form').waitFor({ timeout: UI_TIMEOUT_MS });

      // Our validation only: the form asks the browser for none.
      const form = page.getByTestId('profile-form').locator('xpath=ancestor::form');
      expect(await form.evaluate((element) => (element as unknown as { noValidate: boolean }).noValidate)).toBe(true);

      // Required fields carry the mark, as on the user form.
      for (const field of ['first_name', 'last_name', 'mobile_phone', 'email']) {
        const label = ((await page.getByTestId(`profile-${field}`).locator('label').textContent()) ?? '').trim();
        expect(label.endsWith('*')).toBe(true);
      }
      const optional = ((await page.getByTestId('profile-alternate_email').locator('label').textContent()) ?? '').trim();
      expect(optional.endsWith('*')).toBe(false);

      const email = page.getByTestId('profile-email').locator('input');
      const original = await email.inputValue();
      await email.fill('agent@@demo');
      await page.getByTestId('profile-save').click();
      const helper = page.getByTestId('profile-email').locator('.MuiFormHelperText-root');
      await helper.getByText('Invalid email address.', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await shot(page, 'account-profile-invalid-email.png');
      // Nothing was sent: the stored email is the same.
      const token = await tokenFor(EMAIL_USER, PASSWORD);
      expect((await api('/api/user/profile', { token: token! })).body).toMatchObject({ email: original });

      // A well-formed address clears the message.
      await email.fill(original);
      await helper.getByText('Invalid email address.', { exact: true }).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      // Another user's address: the server's words, the same as on the user form.
      await email.fill('admin@demo-realty.test');
      await page.getByTestId('profile-save').click();
      await expectToast(page, 'Form Error: Please correct errors to save changes.');
      await helper.getByText('Email is already in use', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      expect((await api('/api/user/profile', { token: token! })).body).toMatchObject({ email: original });
    } catch (error) {
      await shot(page, 'account-profile-email-failure.png');
      throw error;
    }
  }, 60_000);

  it('shows a skeleton while the profile loads; a client sees no Cap and Split, SkySlope GUID or cap card', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    try {
      await signInThroughApi(page, CLIENT_USER);
      // The profile answer waits until the skeleton has been seen.
      await page.route('**/api/user/profile', async (route) => {
        if (route.request().method() === 'GET') await held;
        await route.continue();
      });
      await page.goto(`${baseUrl()}/app/account/profile`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('profile-skeleton').waitFor({ timeout: UI_TIMEOUT_MS });
      await shot(page, 'account-profile-skeleton.png');
      release();

      await page.getByTestId('profile-form').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('profile-skeleton').count()).toBe(0);
      expect(await page.getByTestId('profile-user-info').isVisible()).toBe(true);
      // Demo Realty is market 0 with transaction sync, yet a client has no commissions.
      expect(await page.getByTestId('profile-cap-split').count()).toBe(0);
      expect(await page.getByTestId('profile-integrations').count()).toBe(0);
      expect(await page.getByTestId('profile-cap-summary').count()).toBe(0);
      await shot(page, 'account-profile-client.png');
    } catch (error) {
      await shot(page, 'account-profile-client-failure.png');
      throw error;
    } finally {
      release();
    }
  }, 60_000);
});
