import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { ApkRefused, readBounded } from '../../../../server/lib/apk-read.mjs';
import { buildApk } from '../../../apk-builder.mjs';
import { uploadFolder } from '../upload-helpers.ts';

// One entry read within its bounds (server/lib/apk-read.mjs): the package's budget is checked against what the entry
// announces before anything is inflated, as its own bound is.

const folder = uploadFolder();
process.on('exit', () => folder.remove());

async function manifestEntry() {
  const file = join(folder.dir, 'entry.apk');
  writeFileSync(file, await buildApk());
  const zip = await yauzl.openPromise(file, { autoClose: false });
  for await (const entry of zip.eachEntry()) if (entry.fileName === 'AndroidManifest.xml') return { zip, entry };
  throw new Error('no manifest');
}

test("an entry announcing more than what is left of the package's budget is refused before it is inflated", async () => {
  const { zip, entry } = await manifestEntry();
  try {
    const left = entry.uncompressedSize - 1;
    const budget = { left };
    const refused = await readBounded(zip, entry, 512 * 1024, budget).then(() => null, (error: unknown) => error as Error);
    assert.ok(refused instanceof ApkRefused, String(refused));
    assert.is(refused.message, `AndroidManifest.xml announces ${entry.uncompressedSize} bytes, more than the package's ${left} left`);
    // Nothing was inflated: inflating spends the budget as it goes.
    assert.is(budget.left, left);
    // Within the budget, the same entry is read and the budget spent.
    const bytes = await readBounded(zip, entry, 512 * 1024, { left: entry.uncompressedSize });
    assert.is(bytes.length, entry.uncompressedSize);
  } finally {
    zip.close();
  }
});

test.run();
