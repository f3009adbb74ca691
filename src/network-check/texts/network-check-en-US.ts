import type { Translation } from '../../core/i18n/index.ts';
import type zhCN from './network-check-zh-CN.ts';

const networkCheckTexts: Translation<typeof zhCN> = {
  networkCheck: {
    title: 'Network check',
    intro: 'Tests both lines to the cloud phone service in turn: latency, jitter, packet loss and download speed, and the picture quality each suits.',
    line: 'Line {{line}}',
    figures: 'Results of line {{line}}',
    name: { rtt: 'Latency', jitter: 'Jitter', loss: 'Packet loss', download: 'Download' },
    unit: { ms: '{{value}} ms', percent: '{{value}}%', kbps: '{{value}} kbps', mbps: '{{value}} Mbps' },
    none: '—',
    status: {
      waiting: 'Waiting',
      connecting: 'Connecting…',
      ping: 'Measuring latency ({{done}}/{{total}})',
      download: 'Measuring download ({{percent}}%)',
    },
    progress: 'Line {{line}} progress',
    verdict: { good: 'Good for HD', fine: 'Fine for medium quality', poor: 'Poor' },
    recommend: 'Recommended quality: {{quality}}',
    quality: { hd: 'HD', medium: 'Medium', low: 'Low' },
    failed: 'This line could not be checked: {{reason}}',
    notChecked: 'This line could not be checked',
    unchecked: 'could not be checked',
    testing: 'Testing…',
    summary: 'Check done: line 1 {{first}}, line 2 {{second}}',
    again: 'Test again',
  },
};

export default networkCheckTexts;
