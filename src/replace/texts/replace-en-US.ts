import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './replace-zh-CN.ts';

const replaceTexts: Translation<typeof zhCN> = {
  replace: {
    title: 'Replace phones',
    phones: 'Phones to replace',
    count: '{{count}}/{{max}} chosen',
    choose: 'Choose phones',
    closePicker: 'Done',
    remove: 'Remove {{name}}',
    none: 'No phone chosen yet',
    full: 'At most {{max}}',
    tooMany: 'At most {{max}} phones can be replaced at once: remove {{extra}}',
    rule: 'At most {{max}} phones at once; each needs at least {{hours}} hours left and can be replaced once every {{frequency}} hours; phones authorized to you cannot be replaced.',
    type: {
      legend: 'Replacement type',
      fresh: 'Do not keep data',
      freshHint: 'A brand-new phone: installed apps and files are erased, root is turned off and the resolution goes back to the default.',
      keep: 'Move data',
      keepHint: 'The phone moves to another host with its installed apps, files and settings; this takes longer.',
    },
    check: 'Check',
    edit: 'Change',
    checkTitle: 'Check result',
    ok: 'Can be replaced',
    appsRemoved: '1 installed app will be erased|{{count}} installed apps will be erased',
    appsKept: '1 installed app will be kept|{{count}} installed apps will be kept',
    rootOff: 'Root will be turned off',
    lastReplaced: 'Last replaced {{time}}',
    noneOk: 'None of these phones can be replaced now.',
    submit: 'Replace {{count}}',
    confirmTitle: 'Confirm the replacement',
    confirmFresh: 'Replace 1 phone without keeping data? Installed apps and files are erased and cannot be recovered.|Replace {{count}} phones without keeping data? Installed apps and files are erased and cannot be recovered.',
    confirmKeep: 'Replace 1 phone and move its data? The phone cannot be used while it is replaced.|Replace {{count}} phones and move their data? The phones cannot be used while they are replaced.',
    resultTitle: 'Replacement progress',
    replacing: 'Replacing {{progress}}%',
    done: 'Done',
    failed: 'Replacement failed',
    again: 'Replace more',
    finished: 'Back to my phones',
    errors: {
      statusNotAllowed: 'The phone cannot be replaced in its current status',
      timeTooShort: 'The phone has too little time left to be replaced',
      tooFrequent: 'This phone was replaced too recently',
      authorized: 'An authorized phone cannot be replaced',
    },
  },
};

export default replaceTexts;
