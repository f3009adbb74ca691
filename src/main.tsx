/**
 * Boot (first screen): language, API wiring, shell effects, then render. The client data and the
 * page chunk are fetched by the navigator in parallel with the dictionary, not after it.
 */
import { render } from 'preact';
import './app/global.css';
import { configureHttp } from './core/http.ts';
import { locale, setLocale, storedLocale } from './core/i18n/index.ts';
import { fingerprintId } from './core/fingerprint.ts';
import { notify } from './core/ui/notify.ts';
import { secureData } from './app/client-state.ts';
import { endTrial, logout, readTokens, saveTokens, tokens, watchTrial } from './account/state.ts';
import { registerServiceWorker, showOldDomainNotice, startShellEffects } from './app/shell.ts';
import { App } from './app/app.tsx';
import { prefetchRoute } from './app/resolve-route.ts';
import { BASE } from './app/navigate.ts';

configureHttp({
  tokens: () => tokens.value,
  storedTokens: readTokens,
  headers: () => {
    const headers: Record<string, string> = {
      'fingerprint-id': fingerprintId(),
      version: __APP_VERSION__,
      language: locale.value,
    };
    const secure = secureData.value;
    if (secure) {
      headers['tenant-id'] = String(secure.tenantId);
      headers['client-id'] = String(secure.clientId);
    }
    return headers;
  },
  saveTokens,
  logout: () => void logout({ callServer: false }),
  trialEnded: () => void endTrial(),
  notify: (text) => notify(text),
});

const root = document.getElementById('app')!;
// The language first: the page chunk prefetched next asks for texts in that language.
const localeLoaded = setLocale(storedLocale());
const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) || '/' : location.pathname;
prefetchRoute({ pathname: path, search: location.search, host: location.host });

localeLoaded.then(() => {
  startShellEffects();
  watchTrial();
  root.textContent = '';
  render(<App />, root);
  showOldDomainNotice();
});
registerServiceWorker();
