/**
 * App batch management (server/API.md "Apps"): the apps of the chosen phones, an operation (start, stop, uninstall
 * by package name) over them, and its live progress. Server: server/routes/apps.ts. Client: src/apps/api.ts.
 */
import * as v from 'valibot';
import { endpoint } from './endpoint.ts';
import { Id, idList, Text } from './fields.ts';
import { APP_ACTIONS, APP_BATCH_LIMIT, APP_ITEM_STATUSES, APP_OPERATION_STATUSES, PACKAGE_NAME_MAX, PACKAGE_NAME_PATTERN } from './app-words.ts';

const APPS = '/api/device/user/phone/app';

const PhoneIds = v.object({ userPhoneIds: idList(APP_BATCH_LIMIT) });

/** One app as found on at least one of the asked phones: which of them have it, and where it runs. */
export const AppSummary = v.strictObject({
  packageName: v.string(),
  label: v.string(),
  versionName: v.string(),
  versionCode: v.number(),
  /** A built-in app: listed, startable, stoppable, never uninstallable. */
  system: v.boolean(),
  /** Asked phones that have it, in the order asked. */
  phones: v.array(v.strictObject({ userPhoneId: v.number(), running: v.boolean() })),
});

/** The union of the apps of the caller's phones named (any other id: DEVICE_NOT_EXIST for the whole call). */
export const listApps = endpoint(`GET ${APPS}/list`, {
  query: PhoneIds,
  reply: v.strictObject({ userPhoneIds: v.array(v.number()), list: v.array(AppSummary) }),
});

export const AppOperationItem = v.strictObject({
  userPhoneId: v.number(),
  /** '' for an id that is not the caller's phone. */
  phoneNo: v.string(),
  name: v.string(),
  status: v.picklist(APP_ITEM_STATUSES),
  /** 0-100; 100 once ended. */
  progress: v.number(),
  /** 0 unless failed. */
  code: v.number(),
  msg: v.string(),
  finishTime: v.nullable(v.number()),
});

const AppOperation = v.strictObject({
  operationId: v.number(),
  packageName: v.string(),
  action: v.picklist(APP_ACTIONS),
  status: v.picklist(APP_OPERATION_STATUSES),
  createTime: v.number(),
  items: v.array(AppOperationItem),
});

export const operateApp = endpoint(`PUT ${APPS}/operate`, {
  body: v.object({
    userPhoneIds: idList(APP_BATCH_LIMIT),
    packageName: v.pipe(
      Text,
      v.transform((text) => text.trim()),
      v.check((text) => text.length <= PACKAGE_NAME_MAX && PACKAGE_NAME_PATTERN.test(text), 'must be a package name such as com.example.app'),
    ),
    action: v.pipe(Text, v.picklist(APP_ACTIONS, `must be one of ${APP_ACTIONS.join(', ')}`)),
  }),
  reply: AppOperation,
});

/** The caller's operation as it stands now (poll it until its status is no longer running). */
export const appOperation = endpoint(`GET ${APPS}/operation`, {
  query: v.object({ operationId: Id }),
  reply: AppOperation,
});
