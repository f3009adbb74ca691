/** Words of the message centre shared by the server and the client (shared/contract/messages.ts). */

/** The tabs of the message centre (spec §1): every message, the assistant's, the system's. */
export const MESSAGE_TABS = ['all', 'ai', 'system'] as const;
export type MessageTab = (typeof MESSAGE_TABS)[number];

/** Who wrote a message: the platform (events of the account) or the AI assistant. */
export const MESSAGE_CATEGORIES = ['system', 'ai'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

export const MESSAGE_PAGE_SIZE = { default: 20, max: 50 } as const;
