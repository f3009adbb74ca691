/** The first screen's part, English: the same texts as first-screen-zh-CN.ts, each table typed against its zh-CN twin. */
import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './first-screen-zh-CN.ts';
import core from '../../core/i18n/core-en-US.ts';
import app from '../texts/en-US.ts';
import account from '../../account/texts/public-en-US.ts';
import misc from '../../misc/texts/en-US.ts';

const enUS: Translation<typeof zhCN> = { ...core, ...app, ...account, ...misc };

export default enUS;
