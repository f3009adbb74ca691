import { createUser, findUserByMobile } from '../data/users.ts';
import { hashPasswordSync } from '../lib/password.ts';
import type { Db, Language } from '../lib/types.ts';
import { isEmpty, seedCommerce } from './seed-commerce.ts';
import { seedCases, CASES_MOBILE } from './seed-cases.ts';
import { seedDevices } from './seed-devices.ts';
import { seedHelp } from './seed-help.ts';
import { inviteRule, privacyPolicy, userAgreement } from './seed-content.ts';
import { seedMessages } from './seed-messages.ts';
import { mapInOrder } from '../lib/in-order.ts';

const LANGUAGES: Language[] = ['zh-CN', 'en-US'];

interface SeedClient {
  id: number;
  clientNo: string;
  tenantId: number;
  platform: 'h5' | 'pc';
  names: Record<Language, string>;
  customerServiceUrl: string;
  /** Function keys that are present but switched off for this client. */
  disabled: string[];
}

const TENANTS = [
  { id: 1, name: 'Demo' },
  { id: 2, name: 'Desk' },
  { id: 100, name: 'Green' },
];

// Tenant 100 is the dark-green theme of spec §9; tenant 1 and 2 use the default blue theme.
const CLIENTS: SeedClient[] = [
  { id: 1, clientNo: 'DEMO', tenantId: 1, platform: 'h5', names: { 'zh-CN': '演示云手机', 'en-US': 'Demo Cloud Phone' }, customerServiceUrl: 'https://example.com/support', disabled: [] },
  { id: 2, clientNo: 'GREEN', tenantId: 100, platform: 'h5', names: { 'zh-CN': '绿洲云机', 'en-US': 'Green Cloud' }, customerServiceUrl: 'https://example.com/support', disabled: ['template_button'] },
  { id: 3, clientNo: 'DESK', tenantId: 2, platform: 'pc', names: { 'zh-CN': '桌面云机', 'en-US': 'Desk Cloud' }, customerServiceUrl: '', disabled: [] },
];

/** Spec §6 permission keys; functionType 1 is the H5 feature switch list. */
const FUNCTIONS: Array<[key: string, name: string]> = [
  ['root_button', 'Root'],
  ['reboot_button', 'Reboot'],
  ['reset_button', 'Factory reset'],
  ['upgrade_button', 'Upgrade'],
  ['new_button', 'New machine'],
  ['renew_button', 'Renew'],
  ['transfer_button', 'Transfer'],
  ['auth_button', 'Authorization'],
  ['clone_button', 'Clone'],
  ['template_button', 'Clone template'],
  ['change_button', 'Replace phone'],
  ['connect_button', 'Connect'],
  ['discovery', 'Discover'],
  ['productBuy', 'Buy cloud phone'],
  ['activationCode', 'Activation code'],
  ['screen_sharing', 'Screen sharing'],
  ['upload_button', 'Upload and install'],
  ['app_button', 'App management'],
  ['sync_button', 'Group control'],
];

/** Spec §9 limit keys. Durations are hours unless the key says otherwise; the description records the unit. */
const CONFIGS: Array<[key: string, value: string, description: string]> = [
  ['PHONE_GIVE_BY_USER_DAY_COUNT_LIMIT', '20', 'Transfers a user may start per day'],
  ['PHONE_GIVE_BY_PHONE_DAY_COUNT_LIMIT', '1', 'Transfers of one phone per day'],
  ['PHONE_GIVE_BY_PHONE_FREQUENCY_LIMIT', '24', 'Hours between two transfers of one phone'],
  ['PHONE_GIVE_BY_EXPIRE_TIME_LIMIT', '24', 'Hours of validity a phone needs to be transferred'],
  ['PHONE_GIVE_BY_BATCH_COUNT_LIMIT', '5', 'Phones per transfer batch'],
  ['PHONE_TEMPLATE_BY_USER_MAX_NUM_LIMIT', '5', 'Clone templates a user may keep'],
  ['PHONE_TEMPLATE_BY_USER_DAY_COUNT_LIMIT', '10', 'Clone templates a user may create per day'],
  ['PHONE_TEMPLATE_BY_EXPIRE_TIME_LIMIT', '24', 'Hours of validity a phone needs to make a template'],
  ['PHONE_CLONE_BY_BATCH_COUNT_LIMIT', '10', 'Phones per clone batch'],
  ['PHONE_CLONE_BY_USER_DAY_COUNT_LIMIT', '20', 'Clones a user may start per day'],
  ['PHONE_CLONE_BY_EXPIRE_TIME_LIMIT', '24', 'Hours of validity a phone needs to be cloned'],
  ['PHONE_REPLACE_BUSINESS_STATUS_LIMIT', 'maintenance,replacing,migrating', 'Business statuses in which a phone cannot be replaced'],
  ['PHONE_REPLACE_PHONE_EXPIRE_TIME_LIMIT', '24', 'Hours of validity a phone needs to be replaced'],
  ['PHONE_REPLACE_PHONE_FREQUENCY_LIMIT', '24', 'Hours between two replacements of one phone'],
  ['PHONE_EXPIRE_TIME_TEXT_LESS_THAN', '72', 'Below this many hours the remaining time is shown as expiring soon'],
  ['PHONE_REPLACE_BY_BATCH_COUNT_LIMIT', '10', 'Phones per replacement batch'],
  ['PHONE_SCREEN_SHARE_ROOM_NUMBER_LIMIT', '5', 'People in one screen-share room'],
  ['GUEST_TRIAL_MINUTES', '10', 'Minutes of the guest trial'],
];

/** Tenant 2 has no row on purpose: its customer-service reply is empty strings. */
const CUSTOMER_SERVICES = [
  { tenantId: 1, url: 'https://example.com/support', phone: '400-800-1234', workTime: '09:00-21:00' },
  { tenantId: 100, url: 'https://example.com/green/support', phone: '400-800-5678', workTime: '08:00-22:00' },
];

interface SeedAd {
  position: number;
  platform: 'H5' | 'PC';
  title: string;
  /** File under server/static/ads/ without the tenant prefix and extension. */
  image: string;
  link: string;
  sort: number;
  active: boolean;
}

// Position 1 is the home banner, 2 the profile banner (src/account/api.ts AdPosition). The inactive and the PC
// entries exist so the filters are visible in a fresh database, and sort 0 would put them first if they leaked.
const ADS: SeedAd[] = [
  { position: 1, platform: 'H5', title: 'New user offer', image: 'home-1', link: 'https://example.com/offers/new-user', sort: 1, active: true },
  { position: 1, platform: 'H5', title: 'Games around the clock', image: 'home-2', link: 'https://example.com/offers/games', sort: 2, active: true },
  { position: 2, platform: 'H5', title: 'Invite friends', image: 'profile', link: 'https://example.com/invite', sort: 1, active: true },
  { position: 1, platform: 'H5', title: 'Ended campaign', image: 'home-2', link: 'https://example.com/offers/ended', sort: 0, active: false },
  { position: 1, platform: 'PC', title: 'Desktop client', image: 'home-1', link: 'https://example.com/desktop', sort: 0, active: true },
];
const AD_TENANTS = [
  { tenantId: 1, prefix: 'demo' },
  { tenantId: 100, prefix: 'green' },
];

const DEMO_PASSWORD = 'demo1234';
let demoHash: string | null = null;
/** The third owns 1,000 phones (API.md "Seed", the scale check); the fourth shows the error cases (seed-cases.ts). */
const DEMO_USERS = [
  { tenantId: 1, mobile: '13800138000', nickname: 'Demo User' },
  { tenantId: 100, mobile: '13800138000', nickname: '绿洲用户' },
  { tenantId: 1, mobile: '13800138001', nickname: 'Scale User' },
  { tenantId: 1, mobile: CASES_MOBILE, nickname: 'Error Cases' },
];

/**
 * Idempotent: every insert is ON CONFLICT DO NOTHING and the demo users are only created when missing, so running it on each
 * start fills in what a fresh database lacks without overwriting edits made since. Tables without a natural key
 * (advertisements) and customer_services are seeded only while empty, so rows an operator removed stay removed;
 * a database made before migration 3 gets them on its next start. `now` is the seed time (tests pass their clock):
 * demo registration times and phone expiries are relative to it.
 */
export async function seed(db: Db, now: number = Date.now()): Promise<void> {
  await db.transaction(async (db) => {
    for (const t of TENANTS) await db.run('INSERT INTO tenants (id, name) VALUES (?, ?) ON CONFLICT DO NOTHING', t.id, t.name);
    for (const c of CLIENTS) {
      const logoUrl = `/static/logos/${c.clientNo.toLowerCase()}.svg`;
      await db.run('INSERT INTO clients (id, client_no, tenant_id, platform, logo_url, customer_service_url, version) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', c.id, c.clientNo, c.tenantId, c.platform, logoUrl, c.customerServiceUrl, '1.0.0');
      for (const language of LANGUAGES) await db.run('INSERT INTO client_names (client_id, language, name) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', c.id, language, c.names[language]);
      await mapInOrder(FUNCTIONS, async ([key, name], index) => await db.run('INSERT INTO client_functions (client_id, function_type, function_key, name, props, enable, sort) VALUES (?, 1, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', c.id, key, name, '{}', c.disabled.includes(key) ? 0 : 1, index));
    }
    for (const t of TENANTS) {
      for (const [key, value, description] of CONFIGS) await db.run('INSERT INTO configs (tenant_id, config_key, value, description) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', t.id, key, value, description);
      const brand = CLIENTS.find((c) => c.tenantId === t.id)!;
      for (const language of LANGUAGES) {
        const name = brand.names[language];
        const first = userAgreement(name, language);
        const second = privacyPolicy(name, language);
        const invite = inviteRule(name, language);
        await db.run('INSERT INTO agreements (tenant_id, type, language, name, content) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', t.id, 1, language, first.name, first.content);
        await db.run('INSERT INTO agreements (tenant_id, type, language, name, content) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', t.id, 2, language, second.name, second.content);
        await db.run('INSERT INTO rules (tenant_id, code, language, name, content) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', t.id, 'invite', language, invite.name, invite.content);
      }
    }

    await seedHelp(db, TENANTS.map((t) => ({ tenantId: t.id, names: CLIENTS.find((c) => c.tenantId === t.id)!.names })));

    if (await isEmpty(db, 'customer_services')) {
      for (const s of CUSTOMER_SERVICES) await db.run('INSERT INTO customer_services (tenant_id, url, phone, work_time) VALUES (?, ?, ?, ?)', s.tenantId, s.url, s.phone, s.workTime);
    }
    if (await isEmpty(db, 'advertisements')) {
      for (const t of AD_TENANTS) {
        for (const a of ADS) await db.run('INSERT INTO advertisements (tenant_id, ad_position, platform_no, title, image_url, link_url, sort, active) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', t.tenantId, a.position, a.platform, a.title, `/static/ads/${t.prefix}-${a.image}.svg`, a.link, a.sort, a.active ? 1 : 0);
      }
    }

    for (const u of DEMO_USERS) {
      if (await findUserByMobile(db, u.tenantId, u.mobile)) continue;
      // One hash for all demo users and seeds of the process: the password is public anyway, and scrypt would
      // otherwise dominate every seed (the server tests seed a fresh database per test).
      demoHash ??= hashPasswordSync(DEMO_PASSWORD);
      await createUser(db, {
        tenantId: u.tenantId,
        mobile: u.mobile,
        nickname: u.nickname,
        passwordHash: demoHash,
        registerTime: now,
      });
    }

    await seedDevices(db, TENANTS.map((t) => t.id), now);
    // Read before seedCommerce fills the codes: the error cases' code and order follow the same only-while-empty rule.
    const empty = { codes: await isEmpty(db, 'activation_codes'), orders: await isEmpty(db, 'orders') };
    await seedCommerce(db, TENANTS.map((t) => t.id), now);
    await seedCases(db, now, empty);
    await seedMessages(db, DEMO_USERS, CASES_MOBILE, now);
  });
}
