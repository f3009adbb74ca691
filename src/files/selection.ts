/**
 * Spec §5's rules for the files a person picks, checked before anything is sent (the server holds to them too): at
 * most 3 at once, each at most 2 GB, Android packages only. A selection over the count is refused whole; a file over
 * the size or of another kind is left out with its reason, the others go.
 */
import { FILE_EXTENSION, MAX_FILE_BYTES, MAX_FILES_PER_SELECTION } from '../../shared/contract/file-words.ts';

export interface PickedFile {
  name: string;
  size: number;
}

export type SelectionProblem = 'files.errors.tooMany' | 'files.errors.tooLarge' | 'files.errors.typeInvalid';

export interface SelectionCheck<F extends PickedFile> {
  accepted: F[];
  /** Each refused file with why; the whole selection when there were too many. */
  refused: Array<{ file: F | null; problem: SelectionProblem }>;
}

export function checkSelection<F extends PickedFile>(files: readonly F[], alreadyUploading = 0): SelectionCheck<F> {
  if (files.length + alreadyUploading > MAX_FILES_PER_SELECTION) return { accepted: [], refused: [{ file: null, problem: 'files.errors.tooMany' }] };
  const accepted: F[] = [];
  const refused: SelectionCheck<F>['refused'] = [];
  for (const file of files) {
    if (!file.name.toLowerCase().endsWith(FILE_EXTENSION)) refused.push({ file, problem: 'files.errors.typeInvalid' });
    else if (file.size > MAX_FILE_BYTES) refused.push({ file, problem: 'files.errors.tooLarge' });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** Bytes as a person reads them: 512 B, 1.5 MB, 2.0 GB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** Time left as a person reads it (45 s, 3 min, 1 h 20 min): which unit, and its numbers, for the texts to word. */
export function durationParts(seconds: number): { unit: 'seconds' | 'minutes' | 'hours'; n: number; h: number; m: number } {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return { unit: 'seconds', n: s, h: 0, m: 0 };
  const minutes = Math.round(s / 60);
  if (minutes < 60) return { unit: 'minutes', n: minutes, h: 0, m: minutes };
  return { unit: 'hours', n: minutes, h: Math.floor(minutes / 60), m: minutes % 60 };
}
