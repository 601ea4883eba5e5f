/**
 * The server's own wire messages (English and Arabic). Handlers name a message by its key (`smsg`)
 * and the route helper looks it up in the reader's language with `localizeMessage` from the
 * contract (docs/decisions/0051-messages-by-key.md), so every entry here is registered with
 * `registerMessages` when this module loads.
 */
import { BOOKING_STATUS_LABEL, PAYMENT_STATUS_LABEL } from '../../src/contract/areas/booking';
import { messageOf, registerMessages, registerTerms } from '../../src/contract/messages';
import { ACCOUNT_MESSAGES } from './server-messages/accounts';
import { COMMON_MESSAGES } from './server-messages/common';
import { DOOR_MESSAGES } from './server-messages/door';
import { RECORD_MESSAGES } from './server-messages/records';
import type { MessageTable } from './server-messages/table';
import { WORK_MESSAGES } from './server-messages/work';

type Merged<T extends readonly MessageTable[]> = T extends readonly [
  infer H,
  ...infer R extends readonly MessageTable[],
]
  ? H & Merged<R>
  : object;

/**
 * The tables in one, named once. A key in two tables would answer one of its texts in silence: the
 * server does not start.
 */
const merged = <T extends readonly MessageTable[]>(...tables: T): Merged<T> => {
  const all: MessageTable = Object.assign({}, ...tables);
  if (Object.keys(all).length !== tables.reduce((n, t) => n + Object.keys(t).length, 0))
    throw new Error('A server message key is in two tables of server/core/server-messages/.');
  return all as Merged<T>;
};

/** Every server message, its tables by domain (server/core/server-messages/) in one. */
export const SERVER_MESSAGES = merged(
  COMMON_MESSAGES,
  ACCOUNT_MESSAGES,
  RECORD_MESSAGES,
  WORK_MESSAGES,
  DOOR_MESSAGES,
);

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;

registerMessages(SERVER_MESSAGES);
// The labels a booking move's refusal names (bookingMoveRefused, paymentMoveRefused), said in Arabic in Arabic.
registerTerms([...Object.values(BOOKING_STATUS_LABEL), ...Object.values(PAYMENT_STATUS_LABEL)]);

/** A server message by its key, with its parameters; the route helper looks it up in the reader's language. */
export const smsg = (key: ServerMessageKey, params: Record<string, string | number> = {}): string =>
  messageOf(key, params);
