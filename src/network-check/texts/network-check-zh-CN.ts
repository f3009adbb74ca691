const networkCheckTexts = {
  networkCheck: {
    title: '网络检测',
    intro: '依次测试两条线路到云手机服务的延迟、抖动、丢包和下载速度，并给出建议的画质。',
    line: '线路 {{line}}',
    figures: '线路 {{line}} 的检测结果',
    name: { rtt: '延迟', jitter: '抖动', loss: '丢包率', download: '下载速度' },
    unit: { ms: '{{value}} 毫秒', percent: '{{value}}%', kbps: '{{value}} Kbps', mbps: '{{value}} Mbps' },
    none: '—',
    status: {
      waiting: '等待检测',
      connecting: '正在连接…',
      ping: '正在测试延迟（{{done}}/{{total}}）',
      download: '正在测试下载速度（{{percent}}%）',
    },
    progress: '线路 {{line}} 检测进度',
    verdict: { good: '良好，适合高清', fine: '一般，适合标清', poor: '较差' },
    recommend: '建议画质：{{quality}}',
    quality: { hd: '高清', medium: '标清', low: '流畅' },
    failed: '无法检测此线路：{{reason}}',
    notChecked: '无法检测此线路',
    unchecked: '无法检测',
    testing: '检测中…',
    summary: '检测完成：线路 1 {{first}}，线路 2 {{second}}',
    again: '重新检测',
  },
};

export default networkCheckTexts;
