import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './grant-zh-CN.ts';

/**
 * Texts of grants (`grant.*`, src/grant): making one by account or by code, the records, using a code, the phones
 * granted to me, and the grant replies in the error catalogue (`grant.errors.*`, ../errors.ts). English; typed
 * against the zh-CN twin, so a missing or extra key fails the typecheck.
 */
const grantTexts: Translation<typeof zhCN> = {
  grant: {
    titles: { code: 'Authorize device', manager: 'Authorizations', use: 'Use authorization code', devices: 'Authorized devices' },
    errors: {
      daysInvalid: 'Authorization days must be a whole number from 1 to 999',
      daysOverRemaining: "Authorization days cannot exceed the phone's remaining time",
      limitReached: 'This account already holds the most authorized phones it may',
      targetNotFound: 'The account to authorize does not exist',
      self: 'A phone cannot be authorized to your own account',
      codeInvalid: 'The authorization code is invalid or has expired',
      codeUsed: 'The authorization code has already been used',
      phoneShared: 'A phone whose screen is being shared cannot be authorized',
      phoneAuthorized: 'This phone is already authorized: revoke that authorization first',
      notExist: 'The authorization does not exist',
      agreementRequired: 'Please read and accept the authorization agreement',
    },
    common: {
      days: '1 day|{{count}} days',
      phone: 'Cloud phone',
      phoneNamed: '{{name}} ({{phoneNo}})',
      permission: 'Permission',
      expires: 'Expires',
      owner: 'Owner',
      notFound: 'The device does not exist',
    },
    mode: { label: 'Authorize by', account: 'Account', code: 'Authorization code' },
    permission: { control: 'Can control', view: 'View only' },
    create: {
      choosePhone: 'Choose the phone to authorize',
      remaining: 'Up to {{days}} days can be authorized',
      noDays: 'This phone has less than a day left and cannot be authorized',
      daysLabel: 'Days',
      daysPlaceholder: '1-{{max}} days',
      quick: 'Quick choice',
      accountLabel: 'Account to authorize',
      accountPlaceholder: 'Mobile number or user number',
      agreement: 'I have read and agree to the Authorization Agreement',
      agreementTitle: 'Authorization Agreement',
      agreementText:
        'While authorized, the other account can watch or control this cloud phone as the permission allows. You always keep priority: you can take control back or revoke the authorization at any time. It ends by itself when its days run out or when the phone expires. While it lasts, the phone cannot be transferred, upgraded or shared by link. Only authorize people you trust: what they do counts as done with your permission.',
      submit: 'Authorize',
      daysRequired: 'Please enter the number of days',
      daysInteger: 'Days must be a whole number',
      daysRange: 'Days must be from 1 to {{max}}',
      daysOverRemaining: "No more than the phone's remaining time ({{max}} days)",
      accountRequired: 'Please enter a mobile number or user number',
      accountInvalid: 'Enter an 11-digit mobile number or a user number (digits only)',
      codeTitle: 'Authorization code',
      codeOnce: 'The code is shown only this once: copy it now and send it to the person you authorize',
      granted: 'Authorized to {{account}}',
      until: 'Valid until {{time}}',
      records: 'View authorizations',
    },
    manager: {
      add: 'New authorization',
      empty: 'No authorizations yet',
      grantee: 'Authorized account',
      code: 'Code',
      codeHint: 'ending {{hint}}',
      days: 'Days',
      keep: 'Keep it',
      revoke: 'Revoke',
      revokeTitle: 'Revoke authorization',
      revokeConfirm: 'Revoke the authorization of "{{name}}"? The other account loses access at once.',
      revoked: 'Authorization revoked',
      status: { pending: 'Code not used', active: 'Active', revoked: 'Revoked', expired: 'Expired', transferred: 'Ended by transfer' },
    },
    use: {
      label: 'Authorization code',
      placeholder: '12 letters or digits',
      check: 'Check code',
      previewTitle: 'This code gives you',
      redeem: 'Use this code',
      redeemed: 'The phone was added to your authorized devices',
      codeRequired: 'Please enter the authorization code',
      codeFormat: 'An authorization code is 12 letters or digits',
    },
    devices: {
      empty: 'No phones are authorized to you',
      count: '{{count}} of {{limit}} authorized phones',
      open: 'Open',
      useCode: 'Use an authorization code',
      openLabel: 'Open {{name}}',
    },
  },
};

export default grantTexts;
