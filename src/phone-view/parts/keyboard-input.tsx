/**
 * Text for the phone. The local soft keyboard types into a hidden textarea: plain input is sent as it comes, and
 * an IME composition (Chinese pinyin, say) is sent once, when it is committed, never its intermediate letters.
 * A physical keyboard works without opening anything: printable keys are text, Backspace deletes, Escape is back.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { t } from '../../core/i18n/index.ts';
import { dialogs } from '../../core/ui/dialogs.ts';
import { panel, refuseIfViewOnly, streamClient } from '../live-session.ts';

function sendText(text: string): void {
  if (text && !refuseIfViewOnly()) streamClient()?.text(text);
}

function isEditable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

function isControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && !!target.closest('button, a[href], [role="button"]');
}

/** Keys typed while nothing else has focus go to the phone. */
export function usePhysicalKeyboard(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isEditable(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      // Space and Enter on a focused control (the tools handle, a virtual key) press it, not the phone's keyboard.
      if ((event.key === ' ' || event.key === 'Enter') && isControl(event.target)) return;
      // With a sheet or a dialog open, keys belong to it (Escape closes it rather than pressing back on the phone).
      if (panel.value !== 'none' || dialogs.value.length > 0 || event.isComposing) return;
      if (event.key === 'Escape' || event.key === 'BrowserBack') {
        if (!refuseIfViewOnly()) streamClient()?.key('back');
      } else if (event.key === 'Backspace') {
        if (!refuseIfViewOnly()) streamClient()?.key('backspace');
      } else if (Array.from(event.key).length === 1) {
        sendText(event.key);
      } else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

export function KeyboardInput({ inputRef }: { inputRef: RefObject<HTMLTextAreaElement> }) {
  const composing = useRef(false);
  const flush = (area: HTMLTextAreaElement) => {
    sendText(area.value);
    area.value = '';
  };
  return (
    <textarea
      ref={inputRef}
      class="pv-ime"
      // Out of the Tab order: an invisible stop there would hide the focus; the keyboard tool focuses it.
      tabIndex={-1}
      aria-label={t('phoneView.keyboardLabel')}
      data-testid="stream-keyboard"
      autocomplete="off"
      autocapitalize="off"
      spellcheck={false}
      enterkeyhint="send"
      onCompositionStart={() => (composing.current = true)}
      onCompositionEnd={(event) => {
        composing.current = false;
        flush(event.currentTarget);
      }}
      onInput={(event) => {
        // Mid-composition input is the IME's draft; it is sent when the composition ends.
        if (composing.current || (event as unknown as InputEvent).isComposing) return;
        flush(event.currentTarget);
      }}
      onKeyDown={(event) => {
        // Safari sends the keydown that ends a composition after compositionend (keyCode 229): not a real key.
        if (composing.current || event.isComposing || event.keyCode === 229) return;
        if (event.key === 'Backspace' && !event.currentTarget.value) {
          event.preventDefault();
          if (!refuseIfViewOnly()) streamClient()?.key('backspace');
        } else if (event.key === 'Escape') event.currentTarget.blur();
      }}
    />
  );
}
