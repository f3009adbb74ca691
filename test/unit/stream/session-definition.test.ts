import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { StreamClientMessage } from '../../../shared/contract/stream-protocol.ts';
import { createSessionDefinition } from '../../../src/stream/session-definition.ts';
import type { Definition } from '../../../src/stream/types.ts';
import { AUTO, HD, LOW } from './fake-stream.ts';

// The definition the session wants, on its own: asked for after a hello, replaced by what the host confirms, and
// which answer settles a setDefinition.

function definition(options: { sends?: boolean } = {}) {
  const sent: StreamClientMessage[] = [];
  const confirmed: Definition[] = [];
  const settled: Array<['resolve', unknown] | ['reject']> = [];
  const made = createSessionDefinition({
    send: (message) => options.sends !== false && sent.push(message) > 0,
    requests: {
      resolve: (name, value) => void (name === 'definition' && settled.push(['resolve', value])),
      reject: (name) => void (name === 'definition' && settled.push(['reject'])),
    },
    confirmed: (value) => confirmed.push(value),
  });
  return { definition: made, sent, confirmed, settled };
}

test('definition: a hello with the wanted definition asks for nothing; another one, or none, asks for it', () => {
  const { definition: made, sent } = definition();
  made.want(HD);
  made.hello({ ...HD });
  assert.equal(sent, []);
  made.hello(LOW);
  made.hello(undefined);
  assert.equal(sent, [{ type: 'definition', ...HD }, { type: 'definition', ...HD }]);
  made.want(AUTO);
  made.hello({ ...AUTO, auto: false });
  assert.equal(sent.at(-1), { type: 'definition', ...AUTO }, 'automatic differs from the same figures fixed');
});

test('definition: the host\'s confirmation becomes the wanted one (a reconnect asks for it), automatic kept only when on', () => {
  const { definition: made, sent, confirmed } = definition();
  made.want(AUTO);
  made.answered({ ok: true, ...LOW, auto: false });
  assert.equal(confirmed, [LOW]);
  assert.equal(Object.keys(confirmed[0]!), ['width', 'height', 'fps', 'bitrate']);
  made.hello(LOW);
  assert.equal(sent, [], 'already on');
  made.answered({ ok: true, ...AUTO });
  assert.equal(confirmed.at(-1), AUTO);
});

test('definition: a request settles on the answer to its own message, not on the hello\'s', () => {
  const { definition: made, settled, confirmed } = definition();
  made.want(AUTO);
  made.hello(LOW); // sent, nobody waits for it
  made.awaited();
  made.answered({ ok: true, ...AUTO });
  assert.equal(settled, [], 'the answer to the hello\'s message');
  assert.equal(confirmed, [AUTO], 'still the definition now on');
  made.answered({ ok: true, ...HD });
  assert.equal(settled, [['resolve', HD]]);
  made.answered({ ok: true, ...LOW });
  assert.is(settled.length, 1, 'nothing waits any more');
});

test('definition: a refusal rejects the waiting request and changes nothing', () => {
  const { definition: made, settled, confirmed } = definition();
  made.want(HD);
  made.awaited();
  made.answered({ ok: false });
  made.answered({ ok: true, width: 0, height: 640, fps: 20, bitrate: 512 });
  assert.equal(settled, [['reject']]);
  assert.equal(confirmed, []);
});

test('definition: a message that did not go is not counted; a new socket starts the count over', () => {
  const quiet = definition({ sends: false });
  quiet.definition.want(HD);
  quiet.definition.hello(LOW);
  quiet.definition.awaited();
  quiet.definition.answered({ ok: true, ...HD });
  assert.equal(quiet.settled, [['resolve', HD]], 'the first answer is the request\'s own');

  const { definition: made, settled } = definition();
  made.want(HD);
  made.hello(LOW);
  made.reset();
  made.awaited();
  made.answered({ ok: true, ...LOW });
  assert.equal(settled, [['resolve', LOW]]);
});

test.run();
