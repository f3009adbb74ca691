import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { doneProgress, progress, PROGRESS_MINIMUM, startProgress, trickle } from '../../../src/app/progress-bar.ts';
import { hasStreamSession, leaveRoute, registerStreamSession } from '../../../src/app/stream-session.ts';
import { bottomNavPage, currentRouteName } from '../../../src/app/navigate.ts';

test('progress: starts at the 0.08 minimum, trickles upward, never reaches 1 by itself', () => {
  assert.is(PROGRESS_MINIMUM, 0.08);
  let value = PROGRESS_MINIMUM;
  for (let i = 0; i < 500; i++) {
    const next = trickle(value);
    assert.ok(next >= value, 'monotonic');
    value = next;
  }
  assert.ok(value < 1 && value > 0.9);
  assert.is(trickle(0), 0.1);
});

test('progress: start shows the bar at the minimum, done completes it', () => {
  startProgress();
  assert.is(progress.value, PROGRESS_MINIMUM);
  doneProgress();
  assert.is(progress.value, 1);
});

test('leaving phone-view destroys the live session; moving between phone views keeps it', () => {
  let destroyed = 0;
  registerStreamSession({ destroy: () => void destroyed++ });
  leaveRoute('phoneView', 'phoneViewSwitch');
  assert.is(destroyed, 0);
  assert.ok(hasStreamSession());
  leaveRoute('phoneViewSwitch', 'home');
  assert.is(destroyed, 1);
  assert.not.ok(hasStreamSession());
  leaveRoute('phoneView', 'home');
  assert.is(destroyed, 1, 'nothing to destroy twice');
});

test('leaving another page leaves a session alone', () => {
  let destroyed = 0;
  registerStreamSession({ destroy: () => void destroyed++ });
  leaveRoute('home', 'login');
  leaveRoute(undefined, 'home');
  assert.is(destroyed, 0);
  registerStreamSession(null);
});

test('the bottom navigation page is recorded as home or other', () => {
  currentRouteName.value = 'home';
  assert.is(bottomNavPage.value, 'home');
  currentRouteName.value = 'profile';
  assert.is(bottomNavPage.value, 'other');
  currentRouteName.value = 'discover';
  assert.is(bottomNavPage.value, 'other');
});

test.run();
