import './dom.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render } from 'preact';
// Through the aliases: '@preact/signals-react' -> '@preact/signals', 'react' -> 'preact/compat'.
import { signal } from '@preact/signals-react';
import { useState } from 'react';
import { settle } from './dom.ts';

test('a signal read in a component renders its value and updates the DOM when it changes', async () => {
  const count = signal(41);
  function Counter() {
    const [label] = useState('count');
    return <p id="counter">{label}: {count.value}</p>;
  }
  const root = document.createElement('div');
  document.body.appendChild(root);
  render(<Counter />, root);
  assert.is(root.querySelector('#counter')?.textContent, 'count: 41');
  count.value = 42;
  await settle();
  assert.is(root.querySelector('#counter')?.textContent, 'count: 42');
  render(null, root);
});

test('a signal passed directly as a child renders as text, not empty', async () => {
  const name = signal('demo');
  const root = document.createElement('div');
  render(<span id="direct">{name}</span>, root);
  assert.is(root.querySelector('#direct')?.textContent, 'demo');
  name.value = 'green';
  await settle();
  assert.is(root.querySelector('#direct')?.textContent, 'green');
});

test.run();
