/** The shape of a table of server messages: each in English and Arabic (server/core/messages.ts). */
export type MessageTable = Record<string, { en: string; ar: string }>;
