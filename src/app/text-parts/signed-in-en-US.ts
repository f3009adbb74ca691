/** The signed-in app's part, English: the same texts as signed-in-zh-CN.ts, each table typed against its zh-CN twin. */
import type { Translation } from '../../core/i18n/index.ts';
import type zhCNApp from './signed-in-zh-CN.ts';
import account from '../../account/texts/en-US.ts';
import devices from '../../devices/texts/en-US.ts';
import tabBar from '../texts/tab-bar-en-US.ts';

const enUSApp: Translation<typeof zhCNApp> = { ...account, ...devices, ...tabBar };

export default enUSApp;
