import '../dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pageTitle } from '../../../src/app/shell.ts';
import { oldDomainNotice, readOldDomainConfig } from '../../../src/app/idle/old-domain.ts';
import { themeFor } from '../../../src/app/theme.ts';

test('theme: tenant 100 is green, every other tenant the default', () => {
  assert.is(themeFor(100), 'green');
  assert.is(themeFor(1), 'default');
  assert.is(themeFor(undefined), 'default');
});

test('title: client name, separator, offline-game phrase; the phrase alone without a name', () => {
  assert.is(pageTitle('Demo Cloud Phone', ' - ', 'Offline game'), 'Demo Cloud Phone - Offline game');
  assert.is(pageTitle('', ' - ', 'Offline game'), 'Offline game');
});

test('old-domain settings are read from the build environment', () => {
  const config = readOldDomainConfig({ VITE_OLD_DOMAINS: ' Old.Example.com ,legacy.test', VITE_NEW_DOMAIN_ORIGIN: 'https://new.example.com/' } as ImportMetaEnv);
  assert.equal(config, { oldDomains: ['old.example.com', 'legacy.test'], newOrigin: 'https://new.example.com' });
  assert.equal(readOldDomainConfig({} as ImportMetaEnv), { oldDomains: [], newOrigin: '' });
});

test('old-domain notice: a link to the new login address built from the client number', () => {
  const config = { oldDomains: ['old.example.com'], newOrigin: 'https://new.example.com' };
  assert.equal(oldDomainNotice('old.example.com:8443', 'demo', config), { link: 'https://new.example.com/app/login/demo' });
  assert.equal(oldDomainNotice('OLD.example.com', 'green', config), { link: 'https://new.example.com/app/login/green' });
});

test('old-domain notice: no client number means "contact customer service" (no link); other hosts see nothing', () => {
  const config = { oldDomains: ['old.example.com'], newOrigin: 'https://new.example.com' };
  assert.equal(oldDomainNotice('old.example.com', '', config), { link: '' });
  assert.is(oldDomainNotice('new.example.com', 'demo', config), null);
  assert.equal(oldDomainNotice('old.example.com', 'demo', { ...config, newOrigin: '' }), { link: '' });
});

test.run();
