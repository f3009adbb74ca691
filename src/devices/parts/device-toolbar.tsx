/** View mode, sort, level filter, search and group tabs of the device list. */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../core/i18n/index.ts';
import type { SortOrder } from '../api.ts';
import {
  gradeFilter,
  grades,
  groupFilter,
  groups,
  keyword,
  loadPhones,
  phonesTotal,
  setViewMode,
  sort,
  viewModes,
  type DeviceTab,
  type ViewMode,
} from '../state.ts';
import { needsNetwork } from '../offline-list.ts';

export const VIEW_MODES: ViewMode[] = ['single', 'grid4', 'grid9', 'grid16', 'list'];
const SORTS: SortOrder[] = ['default', 'expireAsc', 'expireDesc'];
/** A pause in typing this long searches: long enough not to ask for every letter, short enough to feel live. */
const SEARCH_PAUSE_MS = 400;

export function DeviceToolbar({ tab }: { tab: DeviceTab }) {
  const [search, setSearch] = useState(keyword.value);
  const mode = viewModes.value[tab];
  const allCount = groups.value.reduce((sum, group) => sum + group.phoneCount, 0);

  /** The list follows the search as it is typed, once typing pauses; Enter searches at once. */
  const typing = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(typing.current), []);
  const searchFor = (text: string) => {
    clearTimeout(typing.current);
    if (text.trim() === keyword.value.trim() || needsNetwork()) return;
    keyword.value = text;
    void loadPhones();
  };
  const submitSearch = (event: Event) => {
    event.preventDefault();
    searchFor(search);
  };
  const typed = (text: string) => {
    setSearch(text);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => searchFor(text), SEARCH_PAUSE_MS);
  };

  return (
    <div class="device-toolbar">
      <form class="device-toolbar__search" role="search" onSubmit={submitSearch}>
        <input type="search" class="field__input" value={search} placeholder={t('devices.searchPlaceholder')} aria-label={t('devices.searchPlaceholder')}
          data-testid="device-search" onInput={(event) => typed((event.currentTarget as HTMLInputElement).value)} />
      </form>
      <div class="device-toolbar__row">
        <select aria-label={t('devices.sort.label')} value={sort.value} data-testid="device-sort"
          onChange={(event) => { if (needsNetwork()) return void ((event.currentTarget as HTMLSelectElement).value = sort.value); sort.value = (event.currentTarget as HTMLSelectElement).value as SortOrder; void loadPhones(); }}>
          {SORTS.map((value) => <option key={value} value={value}>{t(`devices.sort.${value}`)}</option>)}
        </select>
        <select aria-label={t('devices.grade.label')} value={gradeFilter.value ?? ''} data-testid="device-grade"
          onChange={(event) => { if (needsNetwork()) return void ((event.currentTarget as HTMLSelectElement).value = String(gradeFilter.value ?? '')); const v = (event.currentTarget as HTMLSelectElement).value; gradeFilter.value = v ? Number(v) : null; void loadPhones(); }}>
          <option value="">{t('devices.grade.all')}</option>
          {grades.value.map((grade) => <option key={grade.id} value={grade.id}>{grade.name}</option>)}
        </select>
        <div class="view-modes" role="radiogroup" aria-label={t('devices.view.label')}>
          {VIEW_MODES.map((value) => (
            <button key={value} type="button" role="radio" aria-checked={mode === value} class="view-modes__mode"
              title={t(`devices.view.${value}`)} aria-label={t(`devices.view.${value}`)} data-testid={`view-${value}`}
              onClick={() => setViewMode(tab, value)}>
              <span class={`view-icon view-icon--${value}`} aria-hidden="true" />
            </button>
          ))}
        </div>
      </div>
      <div class="group-tabs" role="tablist" aria-label={t('devices.groupsLabel')}>
        <button type="button" role="tab" aria-selected={groupFilter.value === null} class="group-tabs__tab" data-testid="group-tab-all"
          onClick={() => { if (!needsNetwork()) { groupFilter.value = null; void loadPhones(); } }}>
          {t('devices.allGroups')} <span class="group-tabs__count">{allCount || phonesTotal.value}</span>
        </button>
        {groups.value.map((group) => (
          <button key={group.id} type="button" role="tab" aria-selected={groupFilter.value === group.id} class="group-tabs__tab"
            data-testid={`group-tab-${group.id}`} onClick={() => { if (!needsNetwork()) { groupFilter.value = group.id; void loadPhones(); } }}>
            {group.name} <span class="group-tabs__count">{group.phoneCount}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
