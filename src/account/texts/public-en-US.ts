import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './public-zh-CN.ts';

/**
 * Account texts of the first screen (login, agreements), keys `account.*`, English; in the first screen's part;
 * typed against the zh-CN twin, so a missing or extra key fails the typecheck.
 */
const accountPublic: Translation<typeof zhCN> = {
  account: {
    login: {
      smsTab: 'SMS code',
      passwordTab: 'Password',
      mobile: 'Mobile number',
      mobilePlaceholder: 'Enter your mobile number',
      code: 'Verification code',
      codePlaceholder: 'Enter the code',
      sendCode: 'Get code',
      resendIn: 'Resend in {{seconds}}s',
      codeSent: 'Verification code sent',
      password: 'Password',
      passwordPlaceholder: '6-20 letters or digits',
      submit: 'Log in',
      submitting: 'Logging in…',
      autoRegister: 'An unregistered number is registered automatically after verification',
      agreePrefix: 'I have read and agree to the',
      and: 'and the',
      mustAgree: 'Please read and agree to the User Agreement and Privacy Policy first',
      forgotPassword: 'Forgot password?',
      showPassword: 'Show password',
      hidePassword: 'Hide password',
      tryFirst: 'Try it first',
    },
    agreement: {
      user: 'User Agreement',
      privacy: 'Privacy Policy',
      loadFailed: 'The agreement could not be loaded',
    },
  },
};

export default accountPublic;
