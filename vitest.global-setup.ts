// Integration tests: migrate and seed once per run, not once per test file. Every file still gets a database of its
// own, copied from these templates (packages/db/src/testing.ts); they are built afresh on each run, so a changed
// migration or dataset is always what the tests see.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareTestTemplates } from '@fjt/db/testing';
import { seedDatabase } from '@fjt/dataset';

export default async function setup(): Promise<() => Promise<void>> {
  const workDir = mkdtempSync(join(tmpdir(), 'fjt-test-templates-'));
  try {
    // 'small' is what seededApp() and most integration files start from; 'sample' (every city, a little) is the
    // consistency check's. Seeding here also keeps it clear of the per-file hook timeout on a busy machine.
    const teardown = await prepareTestTemplates(
      {
        small: (handle) => seedDatabase(handle, { scale: 'small', progress: false }),
        sample: (handle) => seedDatabase(handle, { scale: 'sample', progress: false }),
      },
      workDir,
    );
    return async () => {
      await teardown();
      rmSync(workDir, { recursive: true, force: true });
    };
  } catch (error) {
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
}
