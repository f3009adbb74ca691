import { hasMessagesTable, insertMessage } from '../data/messages.ts';
import { findUserByMobile } from '../data/users.ts';
import { seedUserMessages } from '../lib/messages.ts';
import type { Db } from '../lib/types.ts';

/**
 * The message centre's demo messages (migration 024): each demo account gets a welcome, a maintenance notice and
 * the assistant's welcome; the error-cases account also gets a message whose HTML carries a script and an event
 * handler, which the client's sanitiser must neutralise (test/e2e/messages.spec.ts). Run on every start: the
 * dedupe keys make a second run add nothing.
 */
export async function seedMessages(db: Db, users: ReadonlyArray<{ tenantId: number; mobile: string }>, casesMobile: string, now: number): Promise<void> {
  if (!await hasMessagesTable(db)) return;
  for (const u of users) {
    const user = await findUserByMobile(db, u.tenantId, u.mobile);
    if (user) await seedUserMessages(db, user.id, now);
  }
  const cases = await findUserByMobile(db, 1, casesMobile);
  if (!cases) return;
  const hostile =
    '<p>Formatting <strong>kept</strong>.</p><script>window.__messageScriptRan = true</script>' +
    '<img src="x" alt="" onerror="window.__messageHandlerRan = true"><p><a href="javascript:window.__messageLinkRan = true">link</a></p>';
  await insertMessage(db, {
    userId: cases.id,
    category: 'system',
    kind: 'notice',
    title: { zh: '含脚本的消息', en: 'Message with a script' },
    summary: { zh: '其中的脚本不会执行。', en: 'Its script does not run.' },
    content: { zh: hostile, en: hostile },
    dedupeKey: 'seed:hostile',
    createdAt: now,
  });
}
