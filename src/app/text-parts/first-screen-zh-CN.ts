/**
 * The first screen's part, Simplified Chinese: inline in index.html with the app's entry (src/main.tsx). This file
 * decides which texts travel in it: core's own (shared words, rule messages, errors), the app shell, the account's
 * public pages (login, agreements, trial) and the 404 page. The texts themselves live with their domain.
 */
import type { Translation } from '../../core/i18n/index.ts';
import core from '../../core/i18n/core-zh-CN.ts';
import app from '../texts/zh-CN.ts';
import account from '../../account/texts/public-zh-CN.ts';
import misc from '../../misc/texts/zh-CN.ts';

const zhCN = { ...core, ...app, ...account, ...misc };

declare module '../../core/i18n/index.ts' {
  interface TextParts {
    firstScreen: Translation<typeof zhCN>;
  }
}

export default zhCN;
