import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_FILE_BYTES } from '../../../shared/contract/file-words.ts';
import { checkSelection, durationParts, formatBytes } from '../../../src/files/selection.ts';

// Spec §5's rules for picked files, before anything is sent, and how sizes and times read on the upload page.

const apk = (name: string, size = 1000) => ({ name, size });

test('up to 3 packages go; a 4th at once (with those already going) refuses the whole selection', () => {
  const three = [apk('a.apk'), apk('b.APK'), apk('c.apk')];
  assert.equal(checkSelection(three), { accepted: three, refused: [] });
  assert.equal(checkSelection([...three, apk('d.apk')]), { accepted: [], refused: [{ file: null, problem: 'files.errors.tooMany' }] });
  assert.equal(checkSelection([apk('a.apk'), apk('b.apk')], 2).refused[0]?.problem, 'files.errors.tooMany');
  assert.is(checkSelection([apk('a.apk')], 2).accepted.length, 1);
});

test('another kind of file and one over 2 GB are left out with their reason; the others go', () => {
  const big = apk('big.apk', MAX_FILE_BYTES + 1);
  const photo = apk('photo.jpg');
  const exact = apk('edge.apk', MAX_FILE_BYTES);
  const check = checkSelection([big, photo, exact]);
  assert.equal(check.accepted, [exact]);
  assert.equal(check.refused, [
    { file: big, problem: 'files.errors.tooLarge' },
    { file: photo, problem: 'files.errors.typeInvalid' },
  ]);
  assert.is(checkSelection([apk('apk')]).refused[0]?.problem, 'files.errors.typeInvalid', 'the extension, not the name');
});

test('sizes and times left read as a person reads them', () => {
  assert.equal([formatBytes(512), formatBytes(1536), formatBytes(5 * 1024 ** 2), formatBytes(2 * 1024 ** 3)], ['512 B', '1.5 KB', '5.0 MB', '2.0 GB']);
  assert.equal([formatBytes(150 * 1024)], ['150 KB']);
  const worded = (seconds: number) => {
    const { unit, n, h, m } = durationParts(seconds);
    return unit === 'hours' ? `${h} h ${m} min` : `${n} ${unit === 'seconds' ? 's' : 'min'}`;
  };
  assert.equal([worded(45.4), worded(150), worded(4800), worded(-3)], ['45 s', '3 min', '1 h 20 min', '0 s']);
});

test.run();
