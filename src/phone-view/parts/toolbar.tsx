/**
 * The floating toolbar: a handle on the edge of the screen that opens the tools sheet (keyboard, quality,
 * clipboard, screenshot, professional mode, virtual keys, switch phone, reboot, exit), the quality sheet, and the
 * virtual back / home / recents keys under the picture.
 */
import type { ComponentChildren } from 'preact';
import { t, type MessageKey } from '../../core/i18n/index.ts';
import { Sheet } from '../../core/ui/sheet.tsx';
import { permissionKeys } from '../../app/client-state.ts';
import type { StreamKey } from '../../stream/types.ts';
import type { NavKey } from '../../../shared/contract/stream-protocol.ts';
import { QUALITIES } from '../../../shared/contract/stream-quality.ts';
import {
  audience,
  panel,
  currentPhone,
  phoneName,
  professionalMode,
  quality,
  refuseIfViewOnly,
  role,
  setVirtualKeys,
  streamClient,
  takeControlBack,
  toggleProfessionalMode,
  viewOnly,
  virtualKeys,
} from '../session.ts';
import { chooseQuality, exitPhoneView, rebootCurrentPhone, takeScreenshot } from '../tool-actions.ts';
import { RenameForm } from '../../devices/rename-form.tsx';

const KEY_ICONS: Record<NavKey, ComponentChildren> = {
  back: <path d="M15 5l-7 7 7 7" />,
  home: <circle cx="12" cy="12" r="6" />,
  recents: <rect x="6" y="6" width="12" height="12" rx="2" />,
};
/** Every navigation key, in the order of the phone's own bar (the icons above name each one). */
const NAV_KEYS = Object.keys(KEY_ICONS) as NavKey[];

export function VirtualKeyBar() {
  const press = (key: StreamKey) => {
    if (!refuseIfViewOnly()) streamClient()?.key(key);
  };
  return (
    <nav class="pv-keys" aria-label={t('phoneView.tools.virtualKeys')}>
      {NAV_KEYS.map((key) => (
        <button key={key} type="button" class="pv-keys__key" aria-label={t(`phoneView.keys.${key}`)} data-testid={`key-${key}`} onClick={() => press(key)}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
            {KEY_ICONS[key]}
          </svg>
        </button>
      ))}
    </nav>
  );
}

export function ToolsHandle() {
  return (
    <button type="button" class="pv-handle" aria-label={t('phoneView.tools.open')} data-testid="tools-open" onClick={() => (panel.value = 'tools')}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="currentColor">
        <circle cx="6" cy="12" r="2" />
        <circle cx="12" cy="12" r="2" />
        <circle cx="18" cy="12" r="2" />
      </svg>
    </button>
  );
}

interface Tool {
  id: string;
  label: MessageKey;
  value?: string;
  run: () => void;
  hidden?: boolean;
  danger?: boolean;
}

interface ToolsSheetProps {
  clientNo: string;
  onKeyboard: () => void;
}

export function ToolsSheet({ clientNo, onKeyboard }: ToolsSheetProps) {
  const onOff = (on: boolean) => t(on ? 'phoneView.tools.on' : 'phoneView.tools.off');
  const tools: Tool[] = [
    { id: 'keyboard', label: 'phoneView.tools.keyboard', run: onKeyboard, hidden: viewOnly.value },
    { id: 'quality', label: 'phoneView.tools.quality', value: t(`phoneView.quality.${quality.value.name}`), run: () => (panel.value = 'quality') },
    { id: 'clipboard', label: 'phoneView.tools.clipboard', run: () => (panel.value = 'clipboard'), hidden: viewOnly.value },
    { id: 'screenshot', label: 'phoneView.tools.screenshot', run: () => void takeScreenshot() },
    { id: 'professional', label: 'phoneView.tools.professional', value: onOff(professionalMode.value), run: toggleProfessionalMode },
    { id: 'virtualKeys', label: 'phoneView.tools.virtualKeys', value: onOff(virtualKeys.value), run: () => setVirtualKeys(!virtualKeys.value), hidden: viewOnly.value },
    // The owner sees this while a grantee or share viewer controls the phone (server/API.md "Streaming", roles).
    {
      id: 'takeControl',
      label: 'phoneView.control.takeBack',
      value: t('phoneView.control.audience', audience.value),
      run: takeControlBack,
      hidden: role.value !== 'owner' || audience.value.controlling === 0,
    },
    // The owner names the phone here as on the device list; the new name shows on every page at once (the store).
    { id: 'rename', label: 'devices.actions.rename', run: () => (panel.value = 'rename'), hidden: viewOnly.value || role.value !== 'owner' || !currentPhone.value },
    // Files to install on this phone, in a sheet over the stream (the files domain's, loaded when tapped).
    {
      id: 'upload',
      label: 'devices.actions.upload',
      run: () => (panel.value = 'upload'),
      hidden: viewOnly.value || role.value !== 'owner' || !currentPhone.value || !permissionKeys.value.has('upload_button'),
    },
    { id: 'switch', label: 'phoneView.tools.switchPhone', run: () => (panel.value = 'switcher') },
    // Spec §6: reboot is a client function (reboot_button); only the owner reboots (a grantee watches or drives).
    {
      id: 'reboot',
      label: 'phoneView.tools.reboot',
      run: () => void rebootCurrentPhone(),
      hidden: viewOnly.value || role.value !== 'owner' || !permissionKeys.value.has('reboot_button'),
    },
    { id: 'exit', label: 'phoneView.tools.exit', run: () => exitPhoneView(clientNo), danger: true },
  ];
  return (
    <Sheet title={phoneName.value || t('phoneView.tools.title')} onClose={() => (panel.value = 'none')} testId="tools-sheet">
      <div class="sheet__actions">
        {tools
          .filter((tool) => !tool.hidden)
          .map((tool) => (
            <button key={tool.id} type="button" class={`sheet__action${tool.danger ? ' sheet__action--danger' : ''}`} data-testid={`tool-${tool.id}`} onClick={tool.run}>
              {t(tool.label)}
              {tool.value ? <span class="pv-tool-value">{tool.value}</span> : null}
            </button>
          ))}
      </div>
    </Sheet>
  );
}

export function RenameSheet() {
  const phone = currentPhone.value;
  const close = () => (panel.value = 'none');
  if (!phone) return null;
  return (
    <Sheet title={t('devices.actions.rename')} onClose={close} testId="rename-sheet">
      <RenameForm phone={phone} onDone={close} />
    </Sheet>
  );
}

export function QualitySheet() {
  return (
    <Sheet title={t('phoneView.quality.title')} onClose={() => (panel.value = 'none')} testId="quality-sheet">
      <div class="sheet__panel sheet__actions">
        {QUALITIES.map((level) => (
          <button
            key={level.name}
            type="button"
            class={`sheet__action${level.name === quality.value.name ? ' sheet__action--current' : ''}`}
            aria-pressed={level.name === quality.value.name}
            data-testid={`quality-${level.name}`}
            onClick={() => void chooseQuality(level)}
          >
            {t(`phoneView.quality.${level.name}`)}
            <span class="pv-tool-value">{t('phoneView.quality.detail', { width: level.width, height: level.height, fps: level.fps })}</span>
          </button>
        ))}
      </div>
    </Sheet>
  );
}
