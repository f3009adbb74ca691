/** The first screen's part, English: the same texts as zh-CN.ts, each table typed against its zh-CN twin. */
import type { CoreDictionary } from './index.ts';
import core from './core-en-US.ts';
import app from '../../app/texts/en-US.ts';
import account from '../../account/texts/public-en-US.ts';
import misc from '../../misc/texts/en-US.ts';

const enUS: CoreDictionary = { ...core, ...app, ...account, ...misc };

export default enUS;
