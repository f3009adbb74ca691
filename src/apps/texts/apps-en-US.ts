import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './apps-zh-CN.ts';

const appsTexts: Translation<typeof zhCN> = {
  apps: {
    title: 'App management',
    phones: '1 phone chosen|{{count}} phones chosen',
    tooMany: 'At most {{max}} phones at once: the first {{max}} are kept',
    list: 'Apps',
    choose: 'Choose an app',
    empty: 'No apps on the chosen phones',
    loadFailed: 'The apps could not be loaded',
    retry: 'Try again',
    onPhones: 'On {{count}} of {{total}} phones',
    running: 'Running on {{count}}',
    system: 'System app',
    version: 'Version {{name}}',
    chosen: 'Chosen app: {{label}}',
    none: 'Choose an app first',
    systemNoUninstall: 'System apps cannot be uninstalled',
    actions: { start: 'Start', stop: 'Stop', uninstall: 'Uninstall' },
    confirm: {
      title: 'Uninstall the app',
      message: 'Uninstall "{{label}}" from 1 phone? The app and its data are deleted and cannot be restored.|Uninstall "{{label}}" from {{count}} phones? The app and its data are deleted and cannot be restored.',
      action: 'Uninstall',
    },
    operation: {
      title: '{{action}} "{{label}}": {{status}}',
      progress: 'In progress {{progress}}%',
      done: 'Done',
      failed: 'Failed',
    },
    status: { running: 'In progress', success: 'All done', partial: 'Partly done', failed: 'All failed' },
    errors: {
      alreadyExists: 'Application already exists',
      notInstalled: 'The app is not installed on this phone',
      systemUninstall: 'A system app cannot be uninstalled',
      phoneAuthorized: 'The apps of a phone authorized to you cannot be managed',
      operationNotExist: 'The operation does not exist',
    },
  },
};

export default appsTexts;
