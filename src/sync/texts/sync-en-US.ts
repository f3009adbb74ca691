import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './sync-zh-CN.ts';

const syncTexts: Translation<typeof zhCN> = {
  sync: {
    title: 'Group control',
    choose: {
      heading: 'Devices to sync',
      hint: 'Choose the main-control device; the others follow what you do on it. Up to 20 devices; devices authorized to you cannot be synced.',
      main: 'Main control',
      start: 'Start group control',
      starting: 'Starting…',
      tooFew: 'Choose at least 2 devices',
      none: 'No devices to sync: choose them in batch operation.',
    },
    live: {
      mainHeading: 'Main control: {{name}}',
      followersHeading: 'Following devices ({{count}})',
      following: 'Following',
      failed: 'Not following: {{reason}}',
      makeMain: 'Make main control: {{name}}',
      leave: 'Leave sync',
      leaveLabel: 'Take {{name}} out of sync',
      left: '{{name}} is back in individual mode',
      stop: 'Stop group control',
      stopped: 'Group control stopped',
      switched: '{{name}} is now the main-control device',
      keyboard: 'Keyboard',
      arrangement: '{{rows}} rows × {{columns}} columns',
    },
    errors: {
      authorized: 'Authorized device does not support sync',
      count: 'Group control takes 2 to 20 devices',
      mainNotMember: 'The main-control device must be one of the synced devices',
      alreadySynced: 'The device is already in group control',
      mainCannotLeave: 'The main-control device cannot leave sync',
      notExist: 'This group control does not exist or has ended',
    },
  },
};

export default syncTexts;
