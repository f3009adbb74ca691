/** Runs a task once the page has nothing better to do (or after a while, where the browser cannot say). */
export function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1000);
}
