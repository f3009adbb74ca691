/**
 * The app manager's rules, without a screen (test/unit/apps/app-rules.test.ts): what a line of the list says of an
 * app over the chosen phones, which actions an app takes, and when an operation is over.
 */
import type { AppAction } from '../../shared/contract/app-words.ts';
import type { AppOperation, AppSummary } from './api.ts';

/** How often a running operation is asked again: real phones take a minute or two per item, this server seconds. */
export const POLL_MS = 1000;
/** Polls that may fail in a row (a dropped link) before the page says so; the operation runs on regardless. */
export const POLL_FAILURES_TOLERATED = 5;

/** Of the chosen phones, how many have the app and how many run it. */
export function appCoverage(app: AppSummary, chosen: readonly number[]): { count: number; total: number; running: number } {
  const here = app.phones.filter((phone) => chosen.includes(phone.userPhoneId));
  return { count: here.length, total: chosen.length, running: here.filter((phone) => phone.running).length };
}

/** System apps start and stop but are never uninstalled (the server refuses it too, per phone). */
export function actionAllowed(app: AppSummary | undefined, action: AppAction): boolean {
  if (!app) return false;
  return action !== 'uninstall' || !app.system;
}

export const operationOver = (operation: AppOperation): boolean => operation.status !== 'running';

/** The ids of `?ids=1,2`: positive integers, repeats dropped, in the order given. */
export function idsOf(query: URLSearchParams): number[] {
  const ids = (query.get('ids') ?? '').split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}
