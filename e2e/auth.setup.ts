import { test as setup } from '@playwright/test';
import { authFile, ROLES, signInThroughScreen } from './support';

/*
 * One sign-in per role per run, through the screen, saved as the browser's state (the
 * session cookie and the app's local storage). Specs open the app with it (`signIn`), so
 * they neither repeat the sign-in nor depend on another spec having signed in.
 */
for (const role of ROLES)
  setup(`sign in as ${role}`, async ({ page }) => {
    await signInThroughScreen(page, role);
    await page.context().storageState({ path: authFile(role) });
  });
