import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addressGroupKey, addressKey } from '../../../../server/lib/client-address.ts';

// The key the per-address throttles count by (server/lib/client-address.ts).

test('address keys: IPv4-mapped IPv6 is the IPv4 address, IPv6 counts per /64, junk is unknown', () => {
  assert.is(addressKey('::ffff:127.0.0.1'), '127.0.0.1');
  assert.is(addressKey('192.0.2.1'), '192.0.2.1');
  assert.is(addressKey('2001:db8:0:1:aaaa::1'), '2001:db8:0:1::/64');
  assert.is(addressKey('2001:0db8:0000:0001:ffff:1:2:3'), '2001:db8:0:1::/64');
  assert.is(addressKey('::1'), '0:0:0:0::/64');
  assert.is(addressKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
  assert.is(addressKey('not-an-address'), 'unknown');
});

test('address groups: an IPv4 address is its /24, an IPv6 key its /64 already, unknown stands alone', () => {
  assert.is(addressGroupKey(addressKey('192.0.2.1')), '192.0.2.0/24');
  assert.is(addressGroupKey(addressKey('192.0.2.254')), addressGroupKey(addressKey('192.0.2.7')));
  assert.is.not(addressGroupKey(addressKey('192.0.3.1')), addressGroupKey(addressKey('192.0.2.1')));
  assert.is(addressGroupKey(addressKey('2001:db8:0:1:aaaa::1')), '2001:db8:0:1::/64');
  assert.is(addressGroupKey('unknown'), 'unknown');
});

test.run();
