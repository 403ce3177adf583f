import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/dev/identity/totp';
import {
  axeViolations,
  buildAppInto,
  launchBrowser,
  markIntroSeen,
  ROOT,
  SAMPLE,
  screenshot,
  startApp,
  type RunningApp,
  watchPage,
} from './support/harness';

/*
 * Accounts against the real local stack: the app's identity library talks SRP to the local
 * identity server (cognito-local behind its SRP front, at /identity/), and the /login function
 * verifies the real tokens. Nothing is mocked.
 */

const EDITOR = { username: 'editor', password: 'Editor-Local-2025!' };
const VISITOR = { username: 'visitor', password: 'Visitor-Local-2025!' };
const CONFIRMATION_CODE = '123456';
/** A user who signs up and is on the /login function's allow-list. */
const NEW_EDITOR = 'new-editor';
const WAIT = { timeout: 30_000 };

let browser: Browser;
let app: RunningApp;
let identityDir: string;
const contexts: BrowserContext[] = [];

async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  return context.newPage();
}

/** The Cognito actions the page sent, with the flow of each InitiateAuth. */
function identityCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const target = request.headers()['x-amz-target'];
    if (!target) return;
    const action = target.split('.').pop() ?? '';
    const flow = action === 'InitiateAuth' ? ` ${String(request.postDataJSON()?.AuthFlow)}` : '';
    calls.push(`${action}${flow}`);
  });
  return calls;
}

async function signIn(page: Page, { username, password }: { username: string; password: string }) {
  await page.goto(`${app.url}/signin`);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A call on the emulator's admin API, as an administrator makes it with the installation's key
 * (both printed at start-up), on the local pool.
 */
function admin(action: string, body: Record<string, unknown>): Promise<Response> {
  const banner =
    /Admin API \(this machine only, never web pages\): (\S+) with access key id (\S+)/.exec(
      app.output(),
    );
  expect(banner).not.toBeNull();
  const [, endpoint, keyId] = banner as RegExpExecArray;
  return fetch(endpoint as string, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
      Authorization: `AWS4-HMAC-SHA256 Credential=${keyId}/20250516/local/cognito-idp/aws4_request, SignedHeaders=host, Signature=0`,
    },
    body: JSON.stringify({ UserPoolId: 'local_GlobeArch', ...body }),
  });
}

/** Stored identity keys of this page's origin (SPEC §3 local storage). */
const storedKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider.')),
  );

/** Records whether anything of the editor area was ever in the page. */
async function watchForEditor(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __editorSeen: boolean };
    w.__editorSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.layout--editor')) w.__editorSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __editorSeen: boolean }).__editorSeen);
}

beforeAll(async () => {
  identityDir = mkdtempSync(join(tmpdir(), 'globe-identity-'));
  browser = await launchBrowser();
  app = await startApp({
    archiveFile: SAMPLE,
    env: { IDENTITY: 'local', IDENTITY_DIR: identityDir, EDITOR_ALLOWLIST: NEW_EDITOR },
  });
}, 60_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
  rmSync(identityDir, { recursive: true, force: true });
});

describe('accounts', () => {
  it('signs up, confirms with the code, signs in with SRP, and /login makes an allow-listed user an editor', async () => {
    const page = await newPage();
    const seen = watchPage(page);
    const calls = identityCalls(page);
    await page.goto(`${app.url}/signup`);
    await page.getByLabel('Username or email').fill(NEW_EDITOR);
    await page.getByLabel('Password', { exact: true }).fill('New-Editor-2025!');
    await page.getByLabel('Password, again').fill('New-Editor-2025!');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/confirm?username=new-editor', WAIT);
    // The code is sent again on request, and printed like the first.
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.getByText('A new code is on its way.').waitFor(WAIT);
    await expect
      .poll(() => app.output())
      .toContain(`Identity: code ${CONFIRMATION_CODE} for ${NEW_EDITOR} (to the console)`);
    await page.getByLabel('Confirmation code').fill(CONFIRMATION_CODE);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/signin', WAIT);
    await page.getByText('Your account is confirmed. Sign in.').waitFor();

    const login = page.waitForRequest(
      (r) => r.url() === `${app.url}/api/login` && r.method() === 'POST',
    );
    await page.getByLabel('Password', { exact: true }).fill('New-Editor-2025!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const request = await login;
    expect(request.headers().authorization).toMatch(/^Bearer eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(request.postData()).toBeNull();
    await page.waitForURL(`${app.url}/`, WAIT);
    // The refresh after /login shows the new group at once: the Editor link is there.
    await page.getByRole('link', { name: 'Editor', exact: true }).waitFor(WAIT);
    expect(calls).toEqual(
      expect.arrayContaining([
        'SignUp',
        'ResendConfirmationCode',
        'ConfirmSignUp',
        'InitiateAuth USER_SRP_AUTH',
        'RespondToAuthChallenge',
        'InitiateAuth REFRESH_TOKEN_AUTH',
      ]),
    );
    await page.goto(`${app.url}/editor`);
    await page.getByRole('navigation', { name: 'Editor' }).waitFor(WAIT);
    expect(seen.pageErrors).toEqual([]);
  });

  it('lets the seeded editor into /editor after a reload (the session is restored)', async () => {
    const page = await newPage();
    await signIn(page, EDITOR);
    await page.waitForURL(`${app.url}/`, WAIT);
    await page.goto(`${app.url}/editor`);
    await page.getByRole('navigation', { name: 'Editor' }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/editor');
  });

  it('sends a non-editor and an anonymous visitor home from /editor and /editor/anything, without the editor flashing', async () => {
    const anonymous = await newPage();
    const anonymousSaw = await watchForEditor(anonymous);
    for (const path of ['/editor', '/editor/anything']) {
      await anonymous.goto(`${app.url}${path}`);
      await anonymous.waitForURL(`${app.url}/`, WAIT);
    }
    expect(await anonymousSaw()).toBe(false);

    const visitor = await newPage();
    await signIn(visitor, VISITOR);
    await visitor.waitForURL(`${app.url}/`, WAIT);
    const visitorSaw = await watchForEditor(visitor);
    for (const path of ['/editor', '/editor/anything']) {
      await visitor.goto(`${app.url}${path}`);
      await visitor.waitForURL(`${app.url}/`, WAIT);
    }
    expect(await visitorSaw()).toBe(false);
    // Still signed in: being sent home is not being signed out.
    await visitor.getByRole('button', { name: 'Sign out' }).waitFor(WAIT);
  });

  it('says clearly when the password is wrong', async () => {
    const page = await newPage();
    await signIn(page, { username: EDITOR.username, password: 'Not-The-Password-1!' });
    await expect
      .poll(() => page.getByRole('alert').textContent(), WAIT)
      .toBe('That username and password do not match. Check them and try again.');
    expect(new URL(page.url()).pathname).toBe('/signin');
  });

  it('completes a new-password challenge for an account made with a temporary password', async () => {
    const created = await admin('AdminCreateUser', {
      Username: 'temporary',
      TemporaryPassword: 'Temp-Pass-2025!',
      MessageAction: 'SUPPRESS',
    });
    expect(created.status).toBe(200);
    const page = await newPage();
    await signIn(page, { username: 'temporary', password: 'Temp-Pass-2025!' });
    await page.getByRole('form', { name: 'Choose a new password' }).waitFor(WAIT);
    await page.getByLabel('New password', { exact: true }).fill('Chosen-Pass-2025!');
    await page.getByLabel('New password, again').fill('Chosen-Pass-2025!');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.waitForURL(`${app.url}/`, WAIT);
    await page.getByRole('button', { name: 'Sign out' }).waitFor(WAIT);
  });

  it('resets a forgotten password with the code the local server printed, then signs in with the new one', async () => {
    // A person with a verified e-mail, as a pool that asks for one at sign-up has them.
    const made = await admin('AdminCreateUser', {
      Username: 'forgetful',
      TemporaryPassword: 'Temp-Pass-2025!',
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: 'forgetful@example.org' },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
    expect(made.status).toBe(200);
    const set = await admin('AdminSetUserPassword', {
      Username: 'forgetful',
      Password: 'Forgotten-Pass-2025!',
      Permanent: true,
    });
    expect(set.status).toBe(200);
    const code = /Password reset code: (\d+)/.exec(app.output())?.[1];
    expect(code).toBe(CONFIRMATION_CODE);

    const page = await newPage();
    const seen = watchPage(page);
    await page.goto(`${app.url}/signin`);
    await page.getByLabel('Username or email').fill('forgetful');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor(WAIT);
    expect(await page.getByLabel('Username or email').inputValue()).toBe('forgetful');
    await page.getByRole('button', { name: 'Send a code' }).click();
    await page.getByRole('form', { name: 'Choose a new password' }).waitFor(WAIT);
    expect(await page.getByRole('status').textContent()).toBe(
      'If "forgetful" has an account, a code is on its way to f***@e***. Enter it below with a new password.',
    );
    // A wrong code first: said plainly, nothing changes.
    await page.getByLabel('Code', { exact: true }).fill('000000');
    await page.getByLabel('New password', { exact: true }).fill('Renewed-Pass-2025!');
    await page.getByLabel('New password, again').fill('Renewed-Pass-2025!');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), WAIT)
      .toBe('That code is not right. Check it and try again.');
    await screenshot(page, 'auth-forgot-password-code-desktop');
    await page.getByLabel('Code', { exact: true }).fill(code as string);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.waitForURL(`${app.url}/signin`, WAIT);
    await page.getByText('Your password is changed. Sign in with the new one.').waitFor(WAIT);

    // The old password no longer signs in; the new one does.
    await signIn(page, { username: 'forgetful', password: 'Forgotten-Pass-2025!' });
    await page.getByRole('alert').waitFor(WAIT);
    expect(await page.getByRole('alert').textContent()).toContain('do not match');
    await signIn(page, { username: 'forgetful', password: 'Renewed-Pass-2025!' });
    await page.waitForURL(`${app.url}/`, WAIT);
    await page.getByRole('button', { name: 'Sign out' }).waitFor(WAIT);

    // An account with no e-mail (the app's own sign-up sends none) is told to ask the editors;
    // an unknown name is answered as a known one.
    const bare = await admin('AdminCreateUser', {
      Username: 'no-email',
      TemporaryPassword: 'Temp-Pass-2025!',
      MessageAction: 'SUPPRESS',
    });
    expect(bare.status).toBe(200);
    const other = await newPage();
    await other.goto(`${app.url}/forgot-password?username=no-email`);
    await other.getByRole('button', { name: 'Send a code' }).click();
    await expect
      .poll(() => other.getByRole('alert').textContent(), WAIT)
      .toBe(
        'This account has no verified e-mail address to send a code to. Ask the editors to reset your password.',
      );
    await other.goto(`${app.url}/forgot-password?username=nobody-at-all`);
    await other.getByRole('button', { name: 'Send a code' }).click();
    await other.getByRole('form', { name: 'Choose a new password' }).waitFor(WAIT);
    expect(seen.pageErrors).toEqual([]);
  });

  it('changes the password and the e-mail address on /account, signs out everywhere, and deletes the account', async () => {
    const made = await admin('AdminCreateUser', {
      Username: 'keeper',
      TemporaryPassword: 'Temp-Pass-2025!',
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: 'keeper@example.org' },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
    expect(made.status).toBe(200);
    const set = await admin('AdminSetUserPassword', {
      Username: 'keeper',
      Password: 'Keeper-Pass-2025!',
      Permanent: true,
    });
    expect(set.status).toBe(200);
    // A second device, signed in first, whose session sign-out everywhere must end.
    const laptop = await newPage();
    await signIn(laptop, { username: 'keeper', password: 'Keeper-Pass-2025!' });
    await laptop.waitForURL(`${app.url}/`, WAIT);

    const page = await newPage();
    const seen = watchPage(page);
    await signIn(page, { username: 'keeper', password: 'Keeper-Pass-2025!' });
    await page.waitForURL(`${app.url}/`, WAIT);
    // From the header of any page (the home page first plays the intro over it).
    await page.goto(`${app.url}/statement`);
    await page.getByRole('link', { name: 'keeper (your account)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor(WAIT);
    const email = page.getByRole('region', { name: 'E-mail address' });
    await email.getByText('keeper@example.org').waitFor(WAIT);
    expect(await email.getByText('(verified)').count()).toBe(1);

    // The password: a wrong current one is refused, then it changes.
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill('Not-The-Pass-2025!');
    await password.getByLabel('New password', { exact: true }).fill('Kept-Pass-2026!');
    await password.getByLabel('New password, again').fill('Kept-Pass-2026!');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => password.getByRole('alert').textContent(), WAIT)
      .toBe('The current password is not right.');
    await password.getByLabel('Current password').fill('Keeper-Pass-2025!');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByText('Your password is changed.').waitFor(WAIT);

    // The e-mail address: changed, unverified until the code it was sent comes back.
    await email.getByLabel('New e-mail address').fill('keeper@elsewhere.example');
    await email.getByRole('button', { name: 'Change e-mail address' }).click();
    await email
      .getByText('A code is on its way to k***@e***. Enter it below to verify the address.')
      .waitFor(WAIT);
    await email.getByText('(not verified yet)').waitFor(WAIT);
    await email.getByLabel('Code', { exact: true }).fill(CONFIRMATION_CODE);
    await email.getByRole('button', { name: 'Verify' }).click();
    await email.getByText('Your e-mail address is verified.').waitFor(WAIT);
    await email.getByText('keeper@elsewhere.example').waitFor(WAIT);
    await screenshot(page, 'auth-account-desktop');

    // Sign out everywhere: this device goes to /signin, and the other's next refresh fails.
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(`${app.url}/signin`, WAIT);
    await page.getByText('You are signed out on every device.').waitFor(WAIT);
    await laptop.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.clockDrift')) as string;
      localStorage.setItem(key, String(-2 * 3600));
    });
    await laptop.goto(`${app.url}/account`);
    await laptop.waitForURL(`${app.url}/signin`, WAIT);
    await laptop.getByRole('link', { name: 'Sign in' }).waitFor(WAIT);

    // The old password no longer signs in; the new one does.
    await signIn(page, { username: 'keeper', password: 'Keeper-Pass-2025!' });
    await page.getByRole('alert').waitFor(WAIT);
    await signIn(page, { username: 'keeper', password: 'Kept-Pass-2026!' });
    await page.waitForURL(`${app.url}/`, WAIT);

    // Delete the account: after the confirmation, it is gone and its sign-in fails.
    await page.goto(`${app.url}/account`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Delete it for good' }).click();
    await page.waitForURL(`${app.url}/signin`, WAIT);
    await page.getByText('Your account is deleted.').waitFor(WAIT);
    await signIn(page, { username: 'keeper', password: 'Kept-Pass-2026!' });
    await expect.poll(() => page.getByRole('alert').textContent(), WAIT).toContain('do not match');
    expect(seen.pageErrors).toEqual([]);
  });

  it('turns on two-step sign-in, asks for the code, remembers this device so it skips the code, and forgets it', async () => {
    const made = await admin('AdminCreateUser', {
      Username: 'guarded',
      TemporaryPassword: 'Temp-Pass-2025!',
      MessageAction: 'SUPPRESS',
    });
    expect(made.status).toBe(200);
    const credentials = { username: 'guarded', password: 'Guarded-Pass-2025!' };
    const set = await admin('AdminSetUserPassword', {
      Username: credentials.username,
      Password: credentials.password,
      Permanent: true,
    });
    expect(set.status).toBe(200);
    const page = await newPage();
    // A returning visitor: signing out lands on the globe, which would play the intro over it.
    await markIntroSeen(page.context());
    const seen = watchPage(page);
    const calls = identityCalls(page);
    await signIn(page, credentials);
    await page.waitForURL(`${app.url}/`, WAIT);

    // Turn it on: the secret as a QR code and as text; a wrong code is refused, the app's is not.
    await page.goto(`${app.url}/account`);
    const twoStep = page.getByRole('region', { name: 'Two-step sign-in' });
    await twoStep.getByText('Off.', { exact: true }).waitFor(WAIT);
    await twoStep.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const setup = twoStep.getByRole('form', { name: 'Set up an authenticator app' });
    await setup.getByRole('img', { name: 'QR code of the authenticator secret' }).waitFor(WAIT);
    const secret = ((await setup.locator('code').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'auth-account-two-step-setup-desktop');
    await setup.getByLabel('Code', { exact: true }).fill('000000');
    await setup.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect
      .poll(() => twoStep.getByRole('alert').textContent(), WAIT)
      .toBe('That code is not right. Check it and try again.');
    await setup.getByLabel('Code', { exact: true }).fill(totpCode(secret));
    await setup.getByRole('button', { name: 'Verify and turn on' }).click();
    await twoStep.getByText('Two-step sign-in is on.', { exact: false }).waitFor(WAIT);
    await twoStep.getByText('On.', { exact: true }).waitFor(WAIT);

    // Signing in now asks for the code; this device is remembered on request.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${app.url}/`, WAIT);
    await signIn(page, credentials);
    const codeStep = page.getByRole('form', { name: 'Enter your sign-in code' });
    await codeStep.getByText('Enter the 6-digit code from your authenticator app.').waitFor(WAIT);
    await screenshot(page, 'auth-signin-code-desktop');
    await codeStep.getByLabel('Code', { exact: true }).fill(totpCode(secret));
    await codeStep.getByLabel('Remember this device', { exact: false }).check();
    await codeStep.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${app.url}/`, WAIT);
    expect(calls).toEqual(expect.arrayContaining(['ConfirmDevice', 'UpdateDeviceStatus']));

    // Remembered: the password alone signs in here (the device proves itself instead).
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${app.url}/`, WAIT);
    calls.length = 0;
    await signIn(page, credentials);
    await page.waitForURL(`${app.url}/`, WAIT);
    expect(calls.filter((call) => call === 'RespondToAuthChallenge').length).toBe(3);

    // Listed on /account, and forgotten: the next sign-in asks for the code again.
    await page.goto(`${app.url}/account`);
    const devices = page.getByRole('region', { name: 'Devices' });
    const forget = devices.getByRole('button', { name: 'Forget Chrome on Linux (this device)' });
    await forget.waitFor(WAIT);
    await screenshot(page, 'auth-account-devices-desktop');
    await forget.click();
    await devices
      .getByText('Chrome on Linux (this device) is forgotten', { exact: false })
      .waitFor(WAIT);
    await devices.getByText('None.', { exact: false }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${app.url}/`, WAIT);
    await signIn(page, credentials);
    await codeStep.getByLabel('Code', { exact: true }).waitFor(WAIT);

    // Turned off again (behind a confirmation), the password alone signs in.
    await codeStep.getByLabel('Code', { exact: true }).fill(totpCode(secret));
    await codeStep.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${app.url}/`, WAIT);
    await page.goto(`${app.url}/account`);
    await twoStep.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await twoStep.getByRole('button', { name: 'Turn it off' }).click();
    await twoStep.getByText('Two-step sign-in is off.').waitFor(WAIT);
    expect(seen.pageErrors).toEqual([]);
  });

  it('lets no page on another site make anyone an editor, through /identity/ or the admin port', async () => {
    const banner =
      /Admin API \(this machine only, never web pages\): (\S+) with access key id (\S+)/.exec(
        app.output(),
      );
    const [, admin = '', keyId = ''] = banner ?? [];
    // A page of another origin on this machine (another local app, or a site the browser reaches
    // without Chromium's private-network checks), open while the archive runs.
    const attacker = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>Prizes</title>');
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const page = await newPage();
    await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
    const outcomes = await page.evaluate(
      async ({ identity, admin }) => {
        const addToEditors = JSON.stringify({
          UserPoolId: 'local_GlobeArch',
          Username: 'visitor',
          GroupName: 'editor',
        });
        const attempt = (url: string, target: string, init: RequestInit = {}) =>
          fetch(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': target },
            body: addToEditors,
            ...init,
          }).then(
            (res) => `answered ${res.status}`,
            () => 'blocked',
          );
        return [
          await attempt(identity, 'X.AdminAddUserToGroup'),
          await attempt(identity, 'AWSCognitoIdentityProviderService.AdminAddUserToGroup'),
          await attempt(admin, 'AWSCognitoIdentityProviderService.AdminAddUserToGroup'),
          // A simple request needs no preflight; the answer is unreadable, but must do nothing.
          await attempt(identity, '', {
            mode: 'no-cors',
            headers: { 'Content-Type': 'text/plain' },
          }),
        ];
      },
      { identity: `${app.url}/identity/`, admin },
    );
    attacker.close();
    expect(outcomes.slice(0, 3)).toEqual(['blocked', 'blocked', 'blocked']);
    // Nothing changed: the visitor is in no group (asked on the admin port with its key).
    const groups = await fetch(admin, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.AdminListGroupsForUser',
        Authorization: `AWS4-HMAC-SHA256 Credential=${keyId}/20250516/local/cognito-idp/aws4_request, SignedHeaders=host, Signature=0`,
      },
      body: JSON.stringify({ UserPoolId: 'local_GlobeArch', Username: 'visitor' }),
    });
    expect(groups.status).toBe(200);
    expect(((await groups.json()) as { Groups: unknown[] }).Groups).toEqual([]);
  });

  it('refreshes an expired session without signing in again, and sign-out clears it', async () => {
    const page = await newPage();
    const calls = identityCalls(page);
    await signIn(page, EDITOR);
    await page.waitForURL(`${app.url}/`, WAIT);
    // Age the session: a drift of −2 h (this device 2 h behind the server) puts the server's
    // time, now − drift, past both expiries (1 h).
    const before = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.clockDrift')) as string;
      localStorage.setItem(key, String(-2 * 3600));
      return localStorage.getItem(key.replace('.clockDrift', '.accessToken'));
    });
    calls.length = 0;
    await page.goto(`${app.url}/editor`);
    await page.getByRole('navigation', { name: 'Editor' }).waitFor(WAIT);
    expect(calls).toContain('InitiateAuth REFRESH_TOKEN_AUTH');
    const after = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken')) as string;
      return localStorage.getItem(key);
    });
    expect(after).not.toBe(before);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${app.url}/`, WAIT);
    await page.getByRole('link', { name: 'Sign in' }).waitFor(WAIT);
    expect(
      (await storedKeys(page)).filter((k) => /idToken|accessToken|refreshToken/.test(k)),
    ).toEqual([]);
    await page.goto(`${app.url}/editor`);
    await page.waitForURL(`${app.url}/`, WAIT);
  });

  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const)('shows the account pages on a %s: they fit and pass axe', async (name, viewport) => {
    const page = await newPage(viewport);
    const seen = watchPage(page);
    for (const [path, heading] of [
      ['/signin', 'Sign in'],
      ['/signup', 'Create an account'],
      ['/confirm?username=someone', 'Confirm your account'],
      ['/forgot-password?username=someone', 'Reset your password'],
    ] as const) {
      await page.goto(`${app.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor(WAIT);
      if (path === '/signup') await page.getByLabel('Password', { exact: true }).fill('Weak-pass');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1),
      ).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `auth-${path.slice(1).replace(/\?.*/, '')}-${name}`);
    }
    await signIn(page, VISITOR);
    await page.waitForURL(`${app.url}/`, WAIT);
    await page.goto(`${app.url}/statement`);
    await page.getByRole('heading', { level: 1, name: 'About this archive' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Sign out' }).waitFor(WAIT);
    await screenshot(page, `auth-signed-in-${name}`);
    await page.getByRole('link', { name: 'visitor (your account)' }).click();
    await page
      .getByRole('region', { name: 'E-mail address' })
      .getByText('(verified)')
      .waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1)).toBe(
      true,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `auth-account-${name}`);
    expect(seen.pageErrors).toEqual([]);
  });
});

describe('a pool set up for the custom sign-in flow', () => {
  // The app built for VITE_COGNITO_AUTH_FLOW=CUSTOM_AUTH, whose local client allows it: set-up,
  // with the hook's own time (a build beside other browser files took most of the test's 120 s).
  const outDir = join(ROOT, 'dist-e2e-custom-auth');
  let custom: RunningApp;
  beforeAll(async () => {
    buildAppInto(outDir, { VITE_COGNITO_AUTH_FLOW: 'CUSTOM_AUTH' });
    custom = await startApp({
      archiveFile: SAMPLE,
      env: { IDENTITY: 'local', STATIC_DIR: outDir, VITE_COGNITO_AUTH_FLOW: 'CUSTOM_AUTH' },
    });
  });
  afterAll(async () => {
    await custom?.stop();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('asks the pool’s question after the password, and signs in with its answer', async () => {
    const page = await newPage();
    const seen = watchPage(page);
    const calls = identityCalls(page);
    await page.goto(`${custom.url}/signin`);
    await page.getByLabel('Username or email').fill(EDITOR.username);
    await page.getByLabel('Password', { exact: true }).fill(EDITOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const form = page.getByRole('form', { name: 'Answer the sign-in question' });
    await form.getByText(/Enter the sign-in code we sent you/).waitFor(WAIT);
    // A wrong answer is asked again, saying so.
    await form.getByLabel('Your answer').fill('000000');
    await form.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('That answer was not accepted. Check it and try again.').waitFor(WAIT);
    await screenshot(page, 'signin-custom-challenge');
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel('Your answer').fill(CONFIRMATION_CODE);
    await form.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${custom.url}/`, WAIT);
    await page.getByRole('link', { name: 'Editor', exact: true }).waitFor(WAIT);
    expect(calls.slice(0, 4)).toEqual([
      'InitiateAuth CUSTOM_AUTH',
      'RespondToAuthChallenge',
      'RespondToAuthChallenge',
      'RespondToAuthChallenge',
    ]);
    expect(custom.output()).toContain(
      `Identity: code ${CONFIRMATION_CODE} for ${EDITOR.username}: sign-in (custom challenge).`,
    );
    expect(seen.pageErrors).toEqual([]);
  });
});
