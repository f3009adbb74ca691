import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { streamUrl } from '../../../src/stream/stream-url.ts';

test('stream url: http becomes ws, https becomes wss', () => {
  assert.is(streamUrl('http://host:8080', 7, 'tok'), 'ws://host:8080/stream/ws?token=tok&userPhoneId=7');
  assert.is(streamUrl('http://host:8080', 7, null), 'ws://host:8080/stream/ws?userPhoneId=7', 'the token comes as the first message');
  assert.is(streamUrl('https://stream.example.com', 12, 'abc'), 'wss://stream.example.com/stream/ws?token=abc&userPhoneId=12');
});

test('stream url: ws and wss bases are kept', () => {
  assert.is(streamUrl('ws://host', 1, 't'), 'ws://host/stream/ws?token=t&userPhoneId=1');
  assert.is(streamUrl('wss://host', 1, 't'), 'wss://host/stream/ws?token=t&userPhoneId=1');
});

test('stream url: a path prefix is kept, with or without a trailing slash', () => {
  assert.is(streamUrl('https://cdn.example.com/sdk/', 3, 't'), 'wss://cdn.example.com/sdk/stream/ws?token=t&userPhoneId=3');
  assert.is(streamUrl('https://cdn.example.com/sdk', 3, 't'), 'wss://cdn.example.com/sdk/stream/ws?token=t&userPhoneId=3');
  assert.is(streamUrl('https://cdn.example.com/a/b///', 3, 't'), 'wss://cdn.example.com/a/b/stream/ws?token=t&userPhoneId=3');
});

test('stream url: the base\'s own query and hash are dropped', () => {
  assert.is(streamUrl('https://host/sdk/?x=1#frag', 3, 't'), 'wss://host/sdk/stream/ws?token=t&userPhoneId=3');
});

test('stream url: an empty or blank base uses the origin argument', () => {
  assert.is(streamUrl('', 5, 't', 'https://app.example.com'), 'wss://app.example.com/stream/ws?token=t&userPhoneId=5');
  assert.is(streamUrl('   ', 5, 't', 'http://localhost:8080'), 'ws://localhost:8080/stream/ws?token=t&userPhoneId=5');
});

test('stream url: a given base wins over the origin; surrounding spaces are ignored', () => {
  assert.is(streamUrl(' https://s.example.com ', 5, 't', 'http://other'), 'wss://s.example.com/stream/ws?token=t&userPhoneId=5');
});

test('stream url: the token is URL-encoded and round-trips', () => {
  const token = 'a b+c/d=&e?f#g中';
  const url = streamUrl('https://host', 9, token);
  assert.not.ok(url.includes('+c/'), url);
  assert.not.ok(url.includes('&e'), url);
  assert.not.ok(url.includes('#'), url);
  const parsed = new URL(url);
  assert.is(parsed.searchParams.get('token'), token);
  assert.is(parsed.searchParams.get('userPhoneId'), '9');
  assert.is(parsed.hash, '');
});

test('stream url: an unsupported protocol throws', () => {
  assert.throws(() => streamUrl('ftp://host/sdk', 1, 't'), /unsupported stream base ftp:/);
  assert.throws(() => streamUrl('file:///tmp', 1, 't'), /unsupported/);
});

test('stream url: garbage throws', () => {
  assert.throws(() => streamUrl('not a url', 1, 't'));
  assert.throws(() => streamUrl('', 1, 't', ''));
  assert.throws(() => streamUrl('//host/only', 1, 't', ''));
});

test.run();
