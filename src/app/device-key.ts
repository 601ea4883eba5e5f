/**
 * Where the signed-in user's outbox key is kept on the device (IndexedDB, one record): written by
 * src/app/outbox-store.ts, removed with the session's token by src/app/session.ts. A module of its
 * own so that the session, in every first load, does not carry the outbox's sealing code
 * (docs/decisions/0010-signed-in-first-load.md, 0036-each-users-outbox-sealed-on-the-device.md).
 */
export const DEVICE_KEY = 'outbox-key';
