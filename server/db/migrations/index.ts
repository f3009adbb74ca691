import { migration001 } from './001-tenants-and-clients.ts';
import { migration002 } from './002-users-and-sessions.ts';
import { migration003 } from './003-guests-and-promotion.ts';
import { migration004 } from './004-devices.ts';
import { migration005 } from './005-commerce.ts';
import { migration006 } from './006-activation-too-long.ts';
import { migration007 } from './007-stream-tokens-per-session.ts';
import { migration008 } from './008-sms-sender-address.ts';
import { migration009 } from './009-phone-faults-and-bound-codes.ts';
import { migration010 } from './010-stream-roles.ts';
import { migration011 } from './011-grid-tickets.ts';
import { migration012 } from './012-grants-shares-transfers.ts';
import { migration013 } from './013-grant-phone-snapshot.ts';
import { migration014 } from './014-share-viewer-seen.ts';
import { migration016 } from './016-sms-code-foreign-guesses.ts';
import { migration017 } from './017-phone-apps.ts';
import { migration018 } from './018-phone-sync.ts';
import { migration019 } from './019-uploads.ts';
import { migration020 } from './020-phone-operation-types.ts';
import { migration021 } from './021-phone-replacements.ts';
import { migration022 } from './022-clone-templates.ts';
import { migration023 } from './023-phone-identities.ts';
import { migration026 } from './026-assistant.ts';
import { migration029 } from './029-analytics.ts';
import { migration024 } from './024-messages.ts';
import { migration025 } from './025-content-pages.ts';
import { migration027 } from './027-guide-seen.ts';
import { migration030 } from './030-analytics-budget.ts';
import { migration031 } from './031-sms-code-reserve.ts';
import { migration032 } from './032-insertion-order.ts';
import { migration033 } from './033-throttles.ts';
import { migration034 } from './034-stream-leases.ts';
import { migration035 } from './035-refresh-rotation-salt.ts';
import { migration037 } from './037-line-sockets.ts';

export type { Migration } from './migration.ts';

/** The whole schema history in version order; db/index.ts applies the versions a database has not recorded yet. */
export const migrations = [migration001, migration002, migration003, migration004, migration005, migration006, migration007, migration008, migration009, migration010, migration011, migration012, migration013, migration014, migration016, migration017, migration018, migration019, migration020, migration021, migration022, migration023, migration024, migration025, migration026, migration027, migration029, migration030, migration031, migration032, migration033, migration034, migration035, migration037];
