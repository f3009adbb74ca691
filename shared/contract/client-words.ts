/**
 * The client-configuration vocabulary both sides hold to (spec §7, §9): plain values, no schema code, so the client
 * may import them at run time. The schemas that use them are in client.ts.
 */

/** Config keys are asked for this many at a time, the largest page the server gives. */
export const CONFIG_PAGE_SIZE = 100;
