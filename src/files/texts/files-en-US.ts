import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './files-zh-CN.ts';

const filesTexts: Translation<typeof zhCN> = {
  files: {
    title: 'Upload files',
    pick: 'Choose APK files',
    pickHint: 'Up to {{max}} .apk files, each at most 2 GB',
    targets: 'Install on 1 cloud phone|Install on {{count}} cloud phones',
    noTargets: 'Choose the phones first',
    choosePhones: 'Choose phones',
    list: 'Uploads',
    empty: 'No files uploaded yet',
    resumeHint: 'Upload interrupted: choose the same file again to continue where it stopped',
    progress: '{{sent}} of {{total}}',
    speed: '{{speed}}/s, about {{left}} left',
    waitingNetwork: 'waiting for the network; it goes on from here once back',
    duration: { seconds: '{{n}} s', minutes: '{{n}} min', hours: '{{h}} h {{m}} min' },
    remove: 'Delete',
    removeTitle: 'Delete file',
    removeMessage: 'Delete {{name}}?',
    removed: 'Deleted',
    retry: 'Retry',
    states: {
      waitingUpload: 'Waiting to upload',
      uploading: 'Uploading',
      verifying: 'Verifying file',
      parsing: 'Parsing',
      ready: 'Uploaded',
      failed: 'Failed',
    },
    targetStates: {
      waiting: 'Waiting to push',
      pushing: 'Pushing',
      pushed: 'Pushed',
      installing: 'Installing',
      installed: 'Installed',
      failed: 'Failed',
    },
    package: '{{label}} ({{packageName}} {{versionName}})',
    errors: {
      tooMany: 'Cannot select more than 3 files',
      tooLarge: 'Single file exceeds 2GB, upload cancelled',
      typeInvalid: 'Only .apk files can be uploaded',
      sha512: 'File sha512 check failed',
      parse: 'Package parse error, please reselect',
      installing: 'A file being installed cannot be deleted',
      timeout: 'Upload timeout',
      quota: 'Your uploaded files have reached their storage limit',
      notExist: 'The file does not exist',
      incomplete: 'The file has not been uploaded completely',
      interrupted: 'The upload was interrupted, check the network and try again',
    },
  },
};

export default filesTexts;
