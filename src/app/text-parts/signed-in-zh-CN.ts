/**
 * The signed-in app's part, Simplified Chinese: loaded with the first private page, so the login screen does not
 * carry it (src/app/app-texts.ts declares the part). This file decides which texts travel in it: the account's
 * signed-in pages (and the guest trial's and logout's words), devices and groups, the tab bar. The shop's texts are
 * a part of their own (src/shop/texts/index.ts), loaded with the shop pages.
 */
import account from '../../account/texts/zh-CN.ts';
import devices from '../../devices/texts/zh-CN.ts';
import tabBar from '../texts/tab-bar-zh-CN.ts';

const zhCNApp = { ...account, ...devices, ...tabBar };

export default zhCNApp;
