/**
 * The owner's answer to a share viewer's control request, without leaving the phone: the stream tells the owner's
 * socket who is waiting (`control.requests`), and the bar offers to allow or decline the oldest. The same answer is
 * on join-user; whichever is used, the request leaves both.
 */
import { t } from '../../core/i18n/index.ts';
import { notify } from '../../core/ui/notify.ts';
import { useBusyAction } from '../../core/ui/use-busy-action.ts';
import { changeViewer } from '../../share/state.ts';
import { controlRequests, role } from '../live-session.ts';

export function ControlRequestBar() {
  const { busy, run } = useBusyAction();
  const waiting = controlRequests.value;
  const first = waiting[0];
  if (role.value !== 'owner' || !first) return null;
  const answer = (approve: boolean) =>
    run(async () => {
      await changeViewer(first.viewerId, { kind: 'answer', approve });
      // The stream's next list drops the request; until it comes, the answered one is not offered again.
      controlRequests.value = controlRequests.value.filter((request) => request.viewerId !== first.viewerId);
      notify(t(approve ? 'phoneView.control.allowed' : 'phoneView.control.declined', { name: first.name }), 'success');
    });
  return (
    <section class="pv-request" role="region" aria-label={t('phoneView.control.requestTitle')} data-testid="control-request">
      <p class="pv-request__text" aria-live="polite">
        {t('phoneView.control.requested', { name: first.name })}
        {waiting.length > 1 ? <span class="pv-request__more"> {t('phoneView.control.moreWaiting', { count: waiting.length - 1 })}</span> : null}
      </p>
      <div class="pv-request__actions">
        <button type="button" class="btn btn--ghost" disabled={busy} onClick={() => void answer(false)} data-testid="control-request-decline">
          {t('phoneView.control.decline')}
        </button>
        <button type="button" class="btn btn--primary" disabled={busy} onClick={() => void answer(true)} data-testid="control-request-allow">
          {t('phoneView.control.allow')}
        </button>
      </div>
    </section>
  );
}
