import type { Translation } from './index.ts';
import type zhCN from './core-zh-CN.ts';

/**
 * Core texts: shared words (`common.*`) and the spec §5 rule messages of shared/validate.ts (`validate.*`), English;
 * typed against the zh-CN twin, so a missing or extra key fails the typecheck.
 */
const coreTexts: Translation<typeof zhCN> = {
  common: {
    confirm: 'OK',
    cancel: 'Cancel',
    ok: 'Got it',
    back: 'Back',
    retry: 'Retry',
    loading: 'Loading…',
    loadMore: 'Load more',
    copy: 'Copy',
    copied: 'Copied',
    close: 'Close',
    notice: 'Notice',
    language: 'Language',
  },
  errors: {
    prefix: 'Error code: {{code}}',
    networkException: 'Network exception',
    operationFailed: 'Operation failed',
    systemException: 'System exception',
  },
  validate: {
    mobileRequired: 'Please enter your mobile number',
    mobileInvalid: 'Please enter a correct phone number',
    codeRequired: 'Please enter the verification code',
    codeInvalid: 'The code is 4-6 digits',
    passwordRequired: 'Please enter the password',
    passwordInvalid: 'Password does not meet the requirements (6-20 letters or digits)',
    passwordsDiffer: 'Two consecutive passwords do not match.',
    nameRequired: 'The name is required',
    nameInvalidCharacters: 'The name cannot contain control, invisible or text-direction characters',
    nameTooLong: 'The name can be at most 20 characters',
  },
};

export default coreTexts;
