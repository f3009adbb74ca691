/** The new-machine pages' texts (`newMachine.*`), English (typed against the Chinese table). */
import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './new-machine-zh-CN.ts';

const newMachineTexts: Translation<typeof zhCN> = {
  newMachine: {
    title: 'New machine',
    recordTitle: 'New machine record',
    phones: '1 cloud phone chosen|{{count}} cloud phones chosen',
    tooMany: 'At most {{max}} at once: the first {{max}} are kept',
    noPhones: 'No cloud phone chosen',
    current: { title: 'Current model', failed: 'The current model could not be loaded' },
    mode: { label: 'How', random: 'Random model', chosen: 'Chosen model' },
    manufacturer: 'Manufacturer',
    model: 'Model',
    chooseManufacturer: 'Choose a manufacturer',
    chooseModel: 'Choose a model',
    catalogueFailed: 'The models could not be loaded',
    type: { label: 'What changes', ALL: 'All parameters', IMEI: 'IMEI', WLAN_MAC: 'WLAN MAC', ANDROID_ID: 'Android ID', SERIAL_NO: 'Serial number' },
    chosenAll: 'A chosen model changes every parameter',
    params: {
      title: 'Parameters that will change', brand: 'Brand', model: 'Model', systemVersion: 'System version', imei: 'IMEI', serialNo: 'Serial number',
      wlanMac: 'WLAN MAC', androidId: 'Android ID',
    },
    submit: 'Change model',
    confirm: {
      title: 'Change model',
      randomModel: 'a random model',
      all: '1 cloud phone will become {{target}} and restart; it cannot be used while it restarts.|{{count}} cloud phones will become {{target}} and restart; they cannot be used while they restart.',
      field: '1 cloud phone will get a new {{field}} and restart; it cannot be used while it restarts.|{{count}} cloud phones will get a new {{field}} and restart; they cannot be used while they restart.',
    },
    result: { title: 'Results', progress: 'Changing {{progress}}%', done: 'Done', failed: 'Failed' },
    recordLink: 'New machine record',
    record: {
      empty: 'No model changes yet', time: 'Time', before: 'Before', after: 'After', params: 'Changed', result: 'Result', success: 'Succeeded',
      failed: 'Failed',
    },
    oneTap: {
      title: 'One-tap new machine',
      message: '"{{name}}" will change to a random model and restart; its IMEI, serial number, WLAN MAC and Android ID will all be new.',
      action: 'Change model',
      started: 'The change has started; it applies after the restart',
    },
    errors: {
      modelNotExist: 'The device model does not exist',
      phoneAuthorized: 'The model of an authorized phone cannot be changed',
      typeInvalid: 'The type of change is not valid',
    },
  },
};

export default newMachineTexts;
