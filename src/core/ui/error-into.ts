/**
 * The busy action's route to a message of the page's own (under a field, above the buttons) rather than a notice.
 * Only lazy pages use it, so it is not in use-busy-action.ts, which the first screen carries (the login form).
 */
import { describeError } from '../errors.ts';
import type { ErrorRoute } from './use-busy-action.ts';

export const errorInto = (show: (text: string) => void): ErrorRoute => (error) => show(describeError(error));
