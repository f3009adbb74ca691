/** Modal dialogs as data, shown by <DialogHost/> (dialog-host.tsx) on their layer (spec §9 stacking: global.css --z-dialog). */
import { signal } from '@preact/signals-react';

export interface DialogAction {
  label: string;
  primary?: boolean;
  /** The action destroys or ends something (delete, revoke, end): drawn in the danger colour, not the brand's. */
  danger?: boolean;
  /** A link the action opens instead of closing with a value. */
  href?: string;
  value?: string;
}

export interface DialogSpec {
  id: number;
  title: string;
  message: string;
  actions: DialogAction[];
  resolve: (value: string | undefined) => void;
}

export const dialogs = signal<DialogSpec[]>([]);
let nextId = 1;

/** Opens a dialog; resolves with the chosen action's value (undefined when dismissed). */
export function openDialog(spec: Omit<DialogSpec, 'id' | 'resolve'>): Promise<string | undefined> {
  return new Promise((resolve) => {
    const id = nextId++;
    dialogs.value = [...dialogs.value, { ...spec, id, resolve }];
  });
}

export function closeDialog(id: number, value?: string): void {
  const dialog = dialogs.value.find((entry) => entry.id === id);
  dialogs.value = dialogs.value.filter((entry) => entry.id !== id);
  dialog?.resolve(value);
}
