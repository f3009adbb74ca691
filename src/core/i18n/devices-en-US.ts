import type { Dictionary } from './index.ts';

/** Texts of the device list, cards, action sheet and details (src/devices), English. */
const devices: Dictionary['devices'] = {
  title: 'My cloud phones',
  discoverTitle: 'Discover',
  empty: 'No cloud phones yet',
  searchPlaceholder: 'Search by device number or name',
  groupsLabel: 'Groups',
  allGroups: 'All',
  previous: 'Previous phone',
  next: 'Next phone',
  sort: { label: 'Sort', default: 'Default order', expireAsc: 'Expiry, soonest first', expireDesc: 'Expiry, latest first' },
  grade: { label: 'Level', all: 'All levels' },
  view: { label: 'View', single: 'Single', grid4: '4-grid', grid9: '9-grid', grid16: '16-grid', list: 'List' },
  status: {
    online: 'Online', offline: 'Offline', maintenance: 'Maintenance', replacing: 'Replacing', expired: 'Expired',
    expiringSoon: 'Expiring soon', trial: 'Trial', controlling: 'Controlling', syncing: 'Syncing', operating: 'Operating',
    migrating: 'Migrating',
  },
  remaining: { days: '{{days}}d {{hours}}h left', hours: '{{hours}}h {{minutes}}m left', minutes: '{{minutes}} min left' },
  actions: {
    title: 'More actions', rename: 'Rename', reboot: 'Reboot', quickRestart: 'Quick restart', reset: 'Factory reset',
    root: 'Root switch', rootOn: 'Turn root on', rootOff: 'Turn root off', screenshot: 'Screenshot', resolution: 'Resolution',
    group: 'Set group', details: 'Device details', copyNumber: 'Copy device number', renew: 'Renew', upgrade: 'Upgrade',
  },
  confirm: {
    reboot: 'Reboot "{{name}}"? It cannot be used while it restarts.',
    reset: 'A factory reset erases every app and all data on "{{name}}".',
    resetAgainTitle: 'Confirm again',
    resetAgain: 'Erased data cannot be recovered. Reset to factory settings?',
    rootOn: 'Some apps detect root and may refuse to run. Turn root on?',
    rootOff: 'Turn root off?',
  },
  done: {
    rename: 'Renamed', reboot: 'Reboot started', reset: 'Factory reset started', rootOn: 'Root is on', rootOff: 'Root is off',
    resolution: 'Resolution updated', group: 'Moved to the group',
  },
  details: {
    phoneNo: 'Device number', grade: 'Level', group: 'Group', expireTime: 'Expires', resolution: 'Resolution', root: 'Root',
    on: 'On', off: 'Off', model: 'Model', brand: 'Brand', serialNo: 'Serial number', systemVersion: 'System version',
    ram: 'RAM', storage: 'Storage', cpu: 'CPU', imei: 'IMEI', wlanMac: 'WLAN MAC', androidId: 'Android ID',
  },
  screenshot: { save: 'Save image', share: 'Share' },
  expiry: { title: 'Expiry reminder', message: '{{count}} cloud phone(s) expire within {{hours}} hours. Please renew in time.' },
};

export default devices;
