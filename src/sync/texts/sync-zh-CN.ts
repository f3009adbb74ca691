const syncTexts = {
  sync: {
    title: '群控',
    choose: {
      heading: '同步的设备',
      hint: '选择一台主控设备，其余设备跟随它的操作。最多 20 台，授权给我的设备不能同步。',
      main: '主控',
      start: '开始群控',
      starting: '正在开始…',
      tooFew: '请至少选择 2 台设备',
      none: '没有可同步的设备，请从批量操作选择设备。',
    },
    live: {
      mainHeading: '主控设备：{{name}}',
      followersHeading: '跟随设备（{{count}}）',
      following: '跟随中',
      failed: '同步失败：{{reason}}',
      makeMain: '设为主控：{{name}}',
      leave: '退出同步',
      leaveLabel: '让 {{name}} 退出同步',
      left: '{{name}} 已回到单独模式',
      stop: '结束群控',
      stopped: '群控已结束',
      switched: '{{name}} 现在是主控设备',
      keyboard: '键盘',
      arrangement: '{{rows}} 行 × {{columns}} 列',
    },
    errors: {
      authorized: '授权设备不支持同步',
      count: '群控需要 2 到 20 台设备',
      mainNotMember: '主控设备必须是同步的设备之一',
      alreadySynced: '设备已在群控中',
      mainCannotLeave: '主控设备不能退出同步',
      notExist: '群控不存在或已结束',
    },
  },
};

export default syncTexts;
