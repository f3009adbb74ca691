import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inviteLink } from '../../../src/invite/invite-link.ts';
import { INVITE_CODE_KEY, INVITE_QUERY, keepInviteCode } from '../../../src/account/invite-keep.ts';

// The invite link (src/invite/invite-link.ts) and the login page's keeping of its code (src/account/invite-keep.ts).

test('the link is the client login page with the user number as ?invite=', () => {
  assert.is(inviteLink('https://h5.example.com', 'demo', '12345678'), 'https://h5.example.com/app/login/demo?invite=12345678');
  const url = new URL(inviteLink('http://127.0.0.1:4173/', 'green', '87654321'));
  assert.is(url.pathname, '/app/login/green');
  assert.is(url.searchParams.get(INVITE_QUERY), '87654321');
  assert.is(url.origin, 'http://127.0.0.1:4173');
});

test('a code is escaped, never able to add a parameter', () => {
  const url = new URL(inviteLink('https://h5.example.com', 'demo', '1&x=2'));
  assert.is(url.searchParams.get(INVITE_QUERY), '1&x=2');
  assert.is(url.searchParams.get('x'), null);
});

function withSessionStorage(run: (store: Map<string, string>) => void): void {
  const store = new Map<string, string>();
  const previous = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
  Object.defineProperty(globalThis, 'sessionStorage', {
    configurable: true,
    value: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) },
  });
  try {
    run(store);
  } finally {
    if (previous) Object.defineProperty(globalThis, 'sessionStorage', previous);
    else delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  }
}

test('the login page keeps a code of digits for the tab, and nothing else', () => {
  withSessionStorage((store) => {
    keepInviteCode(new URLSearchParams('invite=12345678'));
    assert.is(store.get(INVITE_CODE_KEY), '12345678');
    store.clear();
    for (const bad of ['invite=abc', 'invite=', 'invite=<script>', 'other=1', `invite=${'1'.repeat(21)}`]) {
      keepInviteCode(new URLSearchParams(bad));
      assert.is(store.size, 0, bad);
    }
  });
});

test('storage that throws leaves the login page working', () => {
  const previous = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
  Object.defineProperty(globalThis, 'sessionStorage', { configurable: true, get: () => { throw new Error('denied'); } });
  try {
    keepInviteCode(new URLSearchParams('invite=12345678'));
  } finally {
    if (previous) Object.defineProperty(globalThis, 'sessionStorage', previous);
    else delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  }
});

test.run();
