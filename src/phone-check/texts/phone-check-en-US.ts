import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './phone-check-zh-CN.ts';

const phoneCheckTexts: Translation<typeof zhCN> = {
  phoneCheck: {
    title: 'Phone check',
    checkedAt: 'Checked at {{time}}',
    allGood: 'No problem found: ready to use',
    problems: '1 problem found|{{count}} problems found',
    warnings: '1 item needs attention|{{count}} items need attention',
    again: 'Check again',
    checking: 'Checking…',
    noPhone: 'No phone was named',
    result: { ok: 'OK', warning: 'Attention', problem: 'Problem', skipped: 'Not checked' },
    name: {
      reachable: 'Connection',
      status: 'Status',
      time: 'Time left',
      storage: 'Storage',
      memory: 'Memory',
      latency: 'Network latency',
    },
    figure: {
      reachable: 'Reachable',
      status: 'Running normally',
      used: '{{used}} used of {{total}}',
      latency: '{{ms}} ms',
      skipped: 'Cannot be checked now',
      storageHigh: 'Storage is nearly full: uninstall apps you do not use',
      memoryHigh: 'Memory use is high: a reboot frees it',
      latencyHigh: 'The line is slow: a reboot may help',
      expiringSoon: 'Expiring soon: renew in time',
      waiting: 'Usable once the task under way ends',
    },
    fix: { reboot: 'Reboot', renew: 'Renew', support: 'Contact support', apps: 'Manage apps' },
    rebooting: 'Rebooting; the check runs again when it is done…',
    units: { gb: '{{value}} GB', mb: '{{value}} MB' },
  },
};

export default phoneCheckTexts;
