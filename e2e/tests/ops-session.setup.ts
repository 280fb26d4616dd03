// Runs before the specs: signs the demo ops user (seeded outside a deployment) in once and keeps the browser
// state in OPS_STATE for the specs that act as staff (journey, membership, ops).
import { test as setup } from '@playwright/test';
import { DEMO_OPS_PHONE, OPS_STATE, signIn } from '../support/login.ts';

setup('sign the demo ops user in', async ({ page }) => {
  await page.goto('/helper');
  await signIn(page, DEMO_OPS_PHONE);
  await page.context().storageState({ path: OPS_STATE });
});
