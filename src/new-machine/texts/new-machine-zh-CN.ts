/** The new-machine pages' texts (`newMachine.*`), Simplified Chinese: a lazy part of their own (index.ts). */
const newMachineTexts = {
  newMachine: {
    title: '新机',
    recordTitle: '新机记录',
    phones: '已选 {{count}} 台云手机',
    tooMany: '一次最多 {{max}} 台，已保留前 {{max}} 台',
    noPhones: '未选择云手机',
    current: { title: '当前机型', failed: '当前机型加载失败' },
    mode: { label: '新机方式', random: '随机机型', chosen: '指定机型' },
    manufacturer: '厂商',
    model: '机型',
    chooseManufacturer: '请选择厂商',
    chooseModel: '请选择机型',
    catalogueFailed: '机型列表加载失败',
    type: { label: '修改范围', ALL: '全部参数', IMEI: 'IMEI', WLAN_MAC: 'WLAN MAC', ANDROID_ID: 'Android ID', SERIAL_NO: '序列号' },
    chosenAll: '指定机型时修改全部参数',
    params: {
      title: '将修改的参数', brand: '品牌', model: '型号', systemVersion: '系统版本', imei: 'IMEI', serialNo: '序列号', wlanMac: 'WLAN MAC',
      androidId: 'Android ID',
    },
    submit: '确认新机',
    confirm: {
      title: '确认新机',
      randomModel: '随机机型',
      all: '{{count}} 台云手机将更换为{{target}}并重启，重启期间无法使用。',
      field: '{{count}} 台云手机将重新生成{{field}}并重启，重启期间无法使用。',
    },
    result: { title: '新机结果', progress: '新机中 {{progress}}%', done: '已完成', failed: '失败' },
    recordLink: '查看新机记录',
    record: {
      empty: '暂无新机记录', time: '时间', before: '原机型', after: '新机型', params: '修改参数', result: '结果', success: '成功',
      failed: '失败',
    },
    oneTap: {
      title: '一键新机',
      message: '「{{name}}」将随机更换机型并重启，IMEI、序列号、WLAN MAC 和 Android ID 将全部重新生成。',
      action: '一键新机',
      started: '已开始新机，重启后生效',
    },
    errors: { modelNotExist: '机型不存在', phoneAuthorized: '授权的云手机不能新机', typeInvalid: '新机类型无效' },
  },
};

export default newMachineTexts;
