// Reads the journey's output (node's test runner, spec reporter) for `npm test`'s counts and its failures list.
const strip = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** The closing lines ("ℹ pass N", "ℹ fail N", "ℹ cancelled N", "ℹ skipped N"); a crash before them counts as one failure. */
export function journeyCounts(output, code) {
  const text = strip(output);
  const count = (word) => Number(new RegExp(`^\\S* ?${word} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
  const [passed, failed, cancelled, skipped] = ['pass', 'fail', 'cancelled', 'skipped'].map(count);
  if (Number.isNaN(passed) || Number.isNaN(failed)) return { passed: 0, failed: 1, skipped: 0 };
  // A test cut short (its hook failed, the run was stopped) did not pass.
  return { passed, failed: Math.max(failed + (cancelled || 0), code === 0 ? 0 : 1), skipped: skipped || 0 };
}

/** The titles under the reporter's "failing tests" heading, or the output's end when it has none. */
export function journeyFailures(output, code) {
  const lines = strip(output).split('\n');
  const heading = lines.findIndex((line) => line.startsWith('✖ failing tests:'));
  const titles = heading < 0 ? [] : lines.slice(heading + 1).filter((line) => line.startsWith('✖ '));
  if (titles.length) return titles.map((line) => `  failed: ${line.slice(2)}`);
  return [`  (ended with code ${code})`, ...lines.slice(-15)];
}
