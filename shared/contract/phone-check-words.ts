/**
 * The phone check's vocabulary both sides hold to (spec §2 page phoneCheck; server/API.md "Phone check"): what is
 * checked, how each check came out and the fix offered for a problem. Plain values, no schema code, so the client may
 * import them at run time. The schema that uses them is in phone-check.ts.
 */

/** In the order the page shows them: can the phone be reached, its status, its time, then its resources and line. */
export const CHECK_NAMES = ['reachable', 'status', 'time', 'storage', 'memory', 'latency'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** `skipped`: not measurable now (an unreachable or expired phone has no memory in use nor a line to time). */
export const CHECK_RESULTS = ['ok', 'warning', 'problem', 'skipped'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

/**
 * The fix a problem offers: reboot (the devices' reboot), renew (the renew page), support (customer service: the
 * platform's to repair), apps (the app manager, to free storage).
 */
export const CHECK_FIXES = ['reboot', 'renew', 'support', 'apps'] as const;
export type CheckFix = (typeof CHECK_FIXES)[number];

/** Shares of storage and memory in use above which the check warns, and says there is a problem. */
export const STORAGE_WARNING = 0.85;
export const STORAGE_PROBLEM = 0.95;
export const MEMORY_WARNING = 0.9;
/** Milliseconds of latency above which the line warns, and says there is a problem. */
export const LATENCY_WARNING_MS = 150;
export const LATENCY_PROBLEM_MS = 500;
