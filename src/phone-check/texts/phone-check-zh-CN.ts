const phoneCheckTexts = {
  phoneCheck: {
    title: '云手机检测',
    checkedAt: '检测时间 {{time}}',
    allGood: '未发现问题，可以正常使用',
    problems: '发现 {{count}} 个问题',
    warnings: '有 {{count}} 项需要留意',
    again: '重新检测',
    checking: '检测中…',
    noPhone: '未指定云手机',
    result: { ok: '正常', warning: '注意', problem: '异常', skipped: '未检测' },
    name: {
      reachable: '连接',
      status: '状态',
      time: '剩余时间',
      storage: '存储空间',
      memory: '运行内存',
      latency: '网络延迟',
    },
    figure: {
      reachable: '可以连接',
      status: '运行正常',
      used: '已用 {{used}} / 共 {{total}}',
      latency: '{{ms}} 毫秒',
      skipped: '当前无法检测',
      storageHigh: '存储空间不足，可卸载不用的应用',
      memoryHigh: '内存占用较高，重启可释放',
      latencyHigh: '线路延迟较高，重启可能改善',
      expiringSoon: '即将到期，请及时续费',
      waiting: '任务完成后即可使用',
    },
    fix: { reboot: '重启', renew: '续费', support: '联系客服', apps: '管理应用' },
    rebooting: '重启中，完成后自动重新检测…',
    units: { gb: '{{value}} GB', mb: '{{value}} MB' },
  },
};

export default phoneCheckTexts;
