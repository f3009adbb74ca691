/** Types of aliases.mjs (kept as plain JS so Node's test loader can read it without a compiler). */
export declare const aliases: Record<string, string>;
