import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { entryAllowed } from '../../../src/app/entry-rules.ts';

// Spec §6: the grant pages' entries (profile rows, the action sheet's "authorize") show only with auth_button.

const GRANT_PAGES = ['authorization-code', 'authorization-manager', 'use-authorization-code', 'authorized-device'] as const;

test('without auth_button no entry leads to a grant page; with it every one does', () => {
  for (const segment of GRANT_PAGES) {
    assert.not.ok(entryAllowed(segment, new Set(['reboot_button', 'transfer_button', 'screen_sharing'])), segment);
    assert.ok(entryAllowed(segment, new Set(['auth_button'])), segment);
  }
});

test.run();
