import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './stream-zh-CN.ts';

/**
 * Texts of the phone-view pages (src/phone-view), keys `phoneView.*`, English: the stream part, loaded only with
 * those pages (./index.ts); typed against the zh-CN twin, so a missing or extra key fails the typecheck.
 */
const phoneViewTexts: Translation<typeof zhCN> = {
  phoneView: {
    connecting: 'Connecting to your cloud phone…',
    reconnecting: 'Network hiccup, reconnecting…',
    reconnect: 'Reconnect',
    resume: 'Resume',
    back: 'Back to list',
    stageLabel: 'Cloud phone screen',
    stageLabelNamed: 'Screen of {{name}}, {{state}}',
    stageState: { idle: 'not connected', connecting: 'connecting', playing: 'live', reconnecting: 'reconnecting', paused: 'paused', failed: 'connection failed' },
    keyboardLabel: 'Type on the cloud phone',
    viewOnly: 'View only',
    viewOnlyRefused: 'View-only session: the phone cannot be controlled',
    tools: {
      open: 'Open toolbar',
      title: 'Tools',
      keyboard: 'Keyboard',
      quality: 'Quality',
      clipboard: 'Clipboard',
      screenshot: 'Screenshot',
      professional: 'Pro mode',
      virtualKeys: 'Virtual keys',
      switchPhone: 'Switch phone',
      reboot: 'Reboot',
      exit: 'Exit',
      on: 'On',
      off: 'Off',
    },
    keys: { back: 'Back', home: 'Home', recents: 'Recent apps' },
    quality: {
      title: 'Video quality',
      auto: 'Auto',
      low: 'Low',
      medium: 'Medium',
      hd: 'HD',
      uhd: 'UHD',
      detail: '{{width}}×{{height}} · {{fps}} fps',
      changed: 'Quality set to {{name}}',
    },
    clipboard: {
      title: 'Shared clipboard',
      label: 'Text to send to the phone',
      placeholder: 'Type or paste text',
      send: 'Send to phone',
      sent: 'Sent to the phone',
      read: "Read the phone's clipboard",
      phoneClipboard: "Phone's clipboard",
      phoneEmpty: "The phone's clipboard is empty",
      copyLocal: 'Copy here',
      useText: 'Put in the box',
      empty: 'Content cannot be empty',
      duplicate: 'Duplicate content cannot be saved',
      tooLong: 'At most {{max}} characters',
      phrases: 'Common phrases',
      addPhrase: 'Save as phrase',
      noPhrases: 'No common phrases yet: type some text and tap "Save as phrase"',
      tooMany: 'At most {{max}} common phrases',
      edit: 'Edit',
      delete: 'Delete',
      save: 'Save',
      deleteConfirm: 'Delete this common phrase?',
      saved: 'Saved',
      failed: "Could not read the phone's clipboard",
    },
    screenshot: { saved: 'Screenshot saved', fileName: 'screenshot' },
    pro: { fps: 'FPS', bitrate: 'Bitrate', rtt: 'RTT', resolution: 'Resolution' },
    reboot: { started: 'Rebooting; the picture comes back by itself' },
    switcher: { title: 'Switch phone', current: 'Current', empty: 'No other phones', unavailable: 'Unavailable' },
  },
};

export default phoneViewTexts;
