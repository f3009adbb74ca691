import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './password-zh-CN.ts';

/** The password pages' texts, English; typed against the zh-CN twin, so a missing or extra key fails the typecheck. */
const passwordTexts: Translation<typeof zhCN> = {
  account: {
    forgetPassword: {
      title: 'Reset password',
      newPassword: 'New password',
      newPasswordPlaceholder: '6-20 letters or digits',
      repeatPassword: 'Confirm new password',
      repeatPasswordPlaceholder: 'Enter the new password again',
      next: 'Next',
      submit: 'Reset password',
      success: 'Password reset. Please log in with the new password.',
      stepVerify: 'Verify mobile',
      stepReset: 'New password',
    },
  },
};

export default passwordTexts;
