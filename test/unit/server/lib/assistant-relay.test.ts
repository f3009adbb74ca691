import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { llmFromEnv } from '../../../../server/lib/assistant/llm-relay.ts';
import { assistantSetup, textOf } from '../assistant-helpers.ts';

// The relay to an OpenAI-compatible endpoint: a fake endpoint (a node:http server of the test) streams its answer,
// which reaches the user piece by piece; when it fails, the built-in answer follows a notice.

interface Fake {
  url: string;
  requests: any[];
  close: () => Promise<void>;
}

async function fakeEndpoint(handle: (req: IncomingMessage, res: ServerResponse, body: any) => void): Promise<Fake> {
  const requests: any[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = { path: req.url, authorization: req.headers.authorization, ...JSON.parse(raw || '{}') };
      requests.push(body);
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, requests, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

const piece = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

function streaming(pieces: string[], end = 'data: [DONE]\n\n') {
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let i = 0;
    const next = () => {
      if (i < pieces.length) res.write(piece(pieces[i++]!), () => setTimeout(next, 2));
      else res.end(end);
    };
    next();
  };
}

const llm = (baseUrl: string, firstTokenTimeoutMs = 2000) => ({ baseUrl, apiKey: 'test-key', model: 'test-model', firstTokenTimeoutMs });

test("the model's streamed answer is relayed piece by piece, grounded in the matching passages", async () => {
  const fake = await fakeEndpoint(streaming(['To renew, ', 'choose ', 'Renew ', 'and pay.']));
  try {
    const ctx = await assistantSetup({ llm: llm(fake.url) });
    const events = await ctx.events(await ctx.ask({ question: 'How do I renew my phone?' }));
    assert.equal(events.filter((e) => e.event === 'token').map((e) => e.data.text), ['To renew, ', 'choose ', 'Renew ', 'and pay.']);
    assert.not.ok(events.some((e) => e.event === 'notice'));
    assert.equal(events.at(-2)!.data, [{ pageId: 'renew', title: 'Renewing a phone' }]);
    assert.equal(events.at(-1)!.data, { stopped: false });

    const [request] = fake.requests;
    assert.equal([request.path, request.authorization, request.model, request.stream], ['/v1/chat/completions', 'Bearer test-key', 'test-model', true]);
    assert.equal(request.messages.map((m: any) => m.role), ['system', 'user']);
    assert.match(request.messages[0].content, 'choose Renew');
    assert.is(request.messages[1].content, 'How do I renew my phone?');

    const history = await ctx.call('/api/ai/chat/history', { token: ctx.token });
    assert.equal([history.data.list[0].text, history.data.list[0].fallback], ['To renew, choose Renew and pay.', false]);
  } finally {
    await fake.close();
  }
});

async function expectFallback(baseUrl: string, firstTokenTimeoutMs?: number) {
  const ctx = await assistantSetup({ llm: llm(baseUrl, firstTokenTimeoutMs) });
  const events = await ctx.events(await ctx.ask({ question: 'How do I renew my phone?' }));
  assert.equal(events.find((e) => e.event === 'notice')?.data, { code: 'llm_fallback' });
  assert.match(textOf(events), 'choose Renew');
  assert.equal(events.at(-1)!.data, { stopped: false });
  const answer = (await ctx.call('/api/ai/chat/history', { token: ctx.token })).data.list[0];
  assert.is(answer.fallback, true);
  assert.ok(ctx.errors.some((line) => line.startsWith('[assistant] the language model failed')));
  return textOf(events);
}

test('a 500 from the model falls back to the built-in answer with a notice', async () => {
  const fake = await fakeEndpoint((_req, res) => res.writeHead(500).end('{"error":"boom"}'));
  try {
    await expectFallback(fake.url);
  } finally {
    await fake.close();
  }
});

test('a refused connection falls back', async () => {
  const fake = await fakeEndpoint(() => {});
  const { url } = fake;
  await fake.close();
  await expectFallback(url);
});

test('a malformed stream falls back, after what the model had said', async () => {
  const fake = await fakeEndpoint((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`${piece('Partly ')}data: not json\n\n`);
  });
  try {
    const text = await expectFallback(fake.url);
    assert.ok(text.startsWith('Partly \n\nHere is what the help pages say'), text);
  } finally {
    await fake.close();
  }
});

test('a model silent past its timeout falls back', async () => {
  const fake = await fakeEndpoint((_req, res) => res.writeHead(200, { 'content-type': 'text/event-stream' }).flushHeaders());
  try {
    await expectFallback(fake.url, 100);
  } finally {
    await fake.close();
  }
});

test('stopping a relayed answer keeps what the model had sent, marked stopped', async () => {
  const fake = await fakeEndpoint((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let n = 0;
    // Writes until the relay drops the request.
    const timer = setInterval(() => res.write(piece(`w${n++} `)), 5);
    res.on('close', () => clearInterval(timer));
  });
  try {
    const ctx = await assistantSetup({ llm: llm(fake.url) });
    const events = await ctx.events(await ctx.ask({ question: 'How do I renew my phone?' }), (seen) => seen.filter((e) => e.event === 'token').length >= 2);
    let answer: any;
    for (let i = 0; i < 100 && !answer?.stopped; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      answer = (await ctx.call('/api/ai/chat/history', { token: ctx.token })).data.list[0];
    }
    assert.is(answer.stopped, true);
    assert.ok(answer.text.startsWith(textOf(events)), answer.text);
    assert.is(answer.fallback, false);
  } finally {
    await fake.close();
  }
});

test('LLM_BASE_URL, LLM_MODEL and LLM_API_KEY are read together and checked', () => {
  assert.is(llmFromEnv({}), undefined);
  assert.equal(llmFromEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen' }), { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen', apiKey: '' });
  assert.throws(() => llmFromEnv({ LLM_MODEL: 'qwen' }), /need LLM_BASE_URL/);
  assert.throws(() => llmFromEnv({ LLM_BASE_URL: 'ftp://x', LLM_MODEL: 'qwen' }), /http or https/);
  assert.throws(() => llmFromEnv({ LLM_BASE_URL: 'https://api.example.com/v1', LLM_API_KEY: 'k' }), /needs LLM_MODEL/);
});

test.run();
