/** Texts of the device list, cards, action sheet and details (src/devices), Simplified Chinese. */
const devices = {
  title: '我的云手机',
  discoverTitle: '发现',
  empty: '还没有云手机',
  searchPlaceholder: '搜索设备编号或名称',
  groupsLabel: '分组',
  allGroups: '全部',
  previous: '上一台',
  next: '下一台',
  sort: { label: '排序', default: '默认排序', expireAsc: '到期时间升序', expireDesc: '到期时间降序' },
  grade: { label: '等级', all: '全部等级' },
  view: { label: '显示方式', single: '单屏', grid4: '四宫格', grid9: '九宫格', grid16: '十六宫格', list: '列表' },
  status: {
    online: '在线', offline: '离线', maintenance: '维护中', replacing: '更换中', expired: '已过期', expiringSoon: '即将到期',
    trial: '试用', controlling: '控制中', syncing: '同步中', operating: '操作中', migrating: '迁移中',
  },
  remaining: { days: '剩余 {{days}} 天 {{hours}} 小时', hours: '剩余 {{hours}} 小时 {{minutes}} 分', minutes: '剩余 {{minutes}} 分钟' },
  actions: {
    title: '更多操作', rename: '重命名', reboot: '重启', quickRestart: '快速重启', reset: '恢复出厂设置', root: 'Root 开关',
    rootOn: '开启 Root', rootOff: '关闭 Root', screenshot: '截图', resolution: '分辨率', group: '设置分组', details: '设备详情',
    copyNumber: '复制设备编号', renew: '续费', upgrade: '升级',
  },
  confirm: {
    reboot: '确定重启「{{name}}」吗？重启期间无法使用。',
    reset: '恢复出厂设置将清除「{{name}}」上的全部应用和数据。',
    resetAgainTitle: '再次确认',
    resetAgain: '数据清除后无法恢复，确定恢复出厂设置吗？',
    rootOn: '开启 Root 后部分应用可能检测到并限制使用，确定开启吗？',
    rootOff: '确定关闭 Root 吗？',
  },
  done: {
    rename: '已重命名', reboot: '已开始重启', reset: '已开始恢复出厂设置', rootOn: 'Root 已开启', rootOff: 'Root 已关闭',
    resolution: '分辨率已更新', group: '已移动到分组',
  },
  details: {
    phoneNo: '设备编号', grade: '等级', group: '分组', expireTime: '到期时间', resolution: '分辨率', root: 'Root',
    on: '已开启', off: '未开启', model: '型号', brand: '品牌', serialNo: '序列号', systemVersion: '系统版本',
    ram: '运行内存', storage: '存储空间', cpu: 'CPU', imei: 'IMEI', wlanMac: 'WLAN MAC 地址', androidId: 'Android ID',
  },
  screenshot: { save: '保存图片', share: '分享' },
  expiry: { title: '到期提醒', message: '有 {{count}} 台云手机将在 {{hours}} 小时内到期，请及时续费。' },
};

export default devices;
