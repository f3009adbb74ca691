/** The signed-in app's part, English: the same texts as zh-CN-app.ts, each table typed against its zh-CN twin. */
import type { Translation } from './index.ts';
import type zhCNApp from './zh-CN-app.ts';
import account from '../../account/texts/en-US.ts';
import devices from '../../devices/texts/en-US.ts';
import tabBar from '../../app/texts/tab-bar-en-US.ts';

const enUSApp: Translation<typeof zhCNApp> = { ...account, ...devices, ...tabBar };

export default enUSApp;
