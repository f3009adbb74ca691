const appsTexts = {
  apps: {
    title: '应用管理',
    phones: '已选 {{count}} 台云手机',
    tooMany: '一次最多管理 {{max}} 台云手机，已保留前 {{max}} 台',
    list: '应用',
    choose: '选择应用',
    empty: '所选云手机上没有应用',
    loadFailed: '应用列表加载失败',
    retry: '重试',
    onPhones: '{{count}}/{{total}} 台已安装',
    running: '{{count}} 台运行中',
    system: '系统应用',
    version: '版本 {{name}}',
    chosen: '已选应用：{{label}}',
    none: '请先选择一个应用',
    systemNoUninstall: '系统应用不能卸载',
    actions: { start: '启动', stop: '停止', uninstall: '卸载' },
    confirm: {
      title: '卸载应用',
      message: '确定从 {{count}} 台云手机上卸载“{{label}}”吗？应用及其数据将被删除，无法恢复。',
      action: '卸载',
    },
    operation: {
      title: '{{action}}“{{label}}”：{{status}}',
      progress: '进行中 {{progress}}%',
      done: '成功',
      failed: '失败',
    },
    status: { running: '进行中', success: '全部成功', partial: '部分成功', failed: '全部失败' },
    errors: {
      alreadyExists: '应用已存在',
      notInstalled: '该云手机未安装此应用',
      systemUninstall: '系统应用不能卸载',
      phoneAuthorized: '授权给您的云手机不能管理应用',
      operationNotExist: '操作不存在',
    },
  },
};

export default appsTexts;
