import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './transfer-zh-CN.ts';

const transferTexts: Translation<typeof zhCN> = {
  transfer: {
    deviceTitle: 'Transfer phones',
    listTitle: 'Transfer records',
    device: {
      phones: 'Phones to transfer',
      count: '{{count}}/{{max}} chosen',
      choose: 'Choose phones',
      closePicker: 'Done',
      remove: 'Remove {{name}}',
      none: 'No phone chosen yet',
      rule: 'At most {{max}} phones at once; each needs at least {{hours}} hours left; authorized phones cannot be transferred.',
      full: 'At most {{max}}',
      target: 'Receiving account',
      targetPlaceholder: 'Mobile number or user number',
      check: 'Check',
      edit: 'Change',
      receiver: 'Receiver: {{mobile}} (user number {{userNo}})',
      receiverMobile: 'Receiver: {{mobile}}',
      ok: 'Can be transferred',
      noneOk: 'None of these phones can be transferred now.',
      confirm: 'Transfer {{count}}',
      confirmTitle: 'Confirm the transfer',
      confirmMessage:
        'Transfer 1 phone to {{mobile}}? The phone and its data leave your account, and its share links stop working. This cannot be undone.|Transfer {{count}} phones to {{mobile}}? The phones and their data leave your account, and their share links stop working. This cannot be undone.',
      result: 'Result: {{status}}',
      orderNo: 'Order number',
      records: 'Transfer records',
      again: 'Transfer more',
      finished: 'Back to my phones',
    },
    target: {
      required: "Enter the receiver's mobile number or user number",
      invalid: 'Enter an 11-digit mobile number or a user number (digits only)',
    },
    status: {
      waiting: 'Waiting to execute',
      transferring: 'Transferring',
      failed: 'Failed',
      success: 'Successful',
      partial: 'Partly successful',
    },
    list: {
      all: 'All',
      sent: 'Sent',
      received: 'Received',
      tabs: 'Direction',
      orderNo: 'Order number',
      account: '{{mobile}} · {{userNo}}',
      from: 'From',
      to: 'To',
      status: 'Status',
      time: 'Time',
      phones: 'Phones',
      empty: 'No transfer records yet',
    },
    errors: {
      authorized: 'An authorized phone cannot be transferred',
      timeTooShort: 'The phone has too little time left to be transferred',
      userDayLimit: "You have reached today's transfer limit",
      phoneDayLimit: "This phone has reached today's transfer limit",
      tooFrequent: 'This phone was transferred too recently, try again later',
      targetNotFound: 'The receiving account does not exist',
      self: 'A phone cannot be transferred to your own account',
    },
  },
};

export default transferTexts;
