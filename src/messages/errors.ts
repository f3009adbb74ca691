/**
 * The message centre's reply of the catalogue, with its text in the messages part (`messages.errors.notExist`). Registered
 * by texts/index.ts with that part. The code stays in shared/reply-codes.ts: the reference server answers with it.
 */
import * as C from '../../shared/reply-codes.ts';
import type { CatalogueEntry } from '../core/error-catalogue.ts';

export const MESSAGE_ERRORS: readonly CatalogueEntry[] = [{ key: 'messages.errors.notExist', codes: [C.MESSAGE_NOT_EXIST], match: ['message does not exist'] }];
