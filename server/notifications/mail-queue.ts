/**
 * The mail queue (docs/decisions/0067-the-mail-queue.md): mails written to `mails` in the
 * transaction of what they tell, and sent by whichever server process claims them first.
 *
 * - A claim takes due rows no other process holds (`FOR UPDATE SKIP LOCKED`) and marks them
 *   `sending` with a lease (`next_attempt_at` = now + `mailLeaseMs`), in one statement.
 * - The SMTP transaction decides: once the server accepted the message (its 250 to the data), the
 *   row is marked `sent` with that answer. A process killed before that answer leaves the row
 *   `sending`; the server did not accept it, and the row is claimed again once its lease ran out.
 *   A process killed in the moment between the answer and the mark (one statement) leaves a mail
 *   the server accepted marked `sending`: it is sent once more. That window is the only way a mail
 *   goes twice; each mail carries its own `Message-ID`, so receivers can tell the copy.
 * - A 4xx answer, a refused connection or a timeout: tried again after a growing wait, at most
 *   MAIL_MAX_ATTEMPTS times in all, then `failed`. A 5xx answer: `failed` at once. The answer is
 *   kept either way.
 * - Every process listens on channel `ebo_mail`, which an enqueuing transaction notifies on commit,
 *   and the scheduler wakes the queue on each of its rounds (retries that came due).
 */
import { eq, sql } from 'drizzle-orm';
import type { Language } from '../../src/contract/common';
import { DIGEST_TEMPLATE, renderDigestMail } from '../core/digest-mail';
import { GUEST_TEMPLATES, renderGuestMail, type GuestTemplate } from '../core/guest-mail';
import {
  renderMessageMail,
  renderReminderMail,
  unsubscribeUrl,
  valuesOf,
  type MessageMailParams,
  type ReminderParams,
} from '../core/guest-message-mail';
import type { Executor } from '../db/client';
import { guestMessages, mails } from '../db/schema';
import type { Deps } from '../http/types';
import { eachLimited } from './notify';

type MailRow = typeof mails.$inferSelect;

/** The channel a committed enqueue notifies (`wakeSenders`). */
const MAIL_CHANNEL = 'ebo_mail';
/** How long a claim holds a mail: longer than a send can take (a connection, a greeting, an answer). */
const mailLeaseMs = (deps: Deps) => 4 * deps.config.smtpTimeoutMs;
/** Tries in all before a mail that keeps meeting 4xx answers or no server is failed. */
export const MAIL_MAX_ATTEMPTS = 6;
/** The wait before the next try: 1, 2, 4, 8, 16 minutes. */
export const mailBackoffMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);
/** Mails claimed at once, and sent at once, by one process. */
const CLAIM_BATCH = 32;
const SEND_CONCURRENCY = 8;
/** Answers are kept to this length. */
const MAX_RESPONSE = 500;

/** In the enqueuing transaction: every process's sender wakes once it commits (none if it rolls back). */
export const wakeSenders = (tx: Executor) => tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);

/** Claims up to `limit` due mails (queued and due, or sending past their lease) for this process. */
const claimMails = async (deps: Deps, limit = CLAIM_BATCH): Promise<MailRow[]> => {
  const now = deps.config.now();
  const leaseEnd = new Date(now.getTime() + mailLeaseMs(deps));
  return deps.db
    .update(mails)
    .set({ state: 'sending', attempts: sql`${mails.attempts} + 1`, nextAttemptAt: leaseEnd, updatedAt: now })
    .where(
      sql`${mails.id} in (select id from mails where state in ('queued', 'sending') and next_attempt_at <= ${now.toISOString()}::timestamptz order by next_attempt_at, id limit ${sql.raw(String(limit))} for update skip locked)`,
    )
    .returning();
};

type Outcome = { state: 'sent' | 'queued' | 'failed'; response: string };

/** What a failed send means: a 5xx answer fails the mail; anything else is tried again (or failed at the last try). */
const outcomeOf = (err: unknown, attempts: number): Outcome => {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const response = (e.response || [e.code, e.message].filter(Boolean).join(': ') || String(err)).slice(
    0,
    MAX_RESPONSE,
  );
  const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
  return { state: permanent || attempts >= MAIL_MAX_ATTEMPTS ? 'failed' : 'queued', response };
};

/** The texts of the staff messages one drain renders, read once per message. */
type MessageTexts = Map<
  number,
  Promise<{ subject: { en: string; ar: string }; body: { en: string; ar: string } }>
>;

/**
 * The message a row renders to (its template, language and parameters; a staff message's texts
 * are its message's, docs/decisions/0071-messages-reminders-and-unsubscribe.md).
 */
const messageOf = async (deps: Deps, row: MailRow, texts: MessageTexts) => {
  const lang: Language = row.language === 'ar' ? 'ar' : 'en';
  const { publicUrl } = deps.config;
  if (row.template === 'guest.message' && row.messageId !== null) {
    const id = row.messageId;
    if (!texts.has(id))
      texts.set(
        id,
        deps.db
          .select({ subject: guestMessages.subject, body: guestMessages.body })
          .from(guestMessages)
          .where(eq(guestMessages.id, id))
          .then(([m]) => m!),
      );
    const m = await texts.get(id)!;
    const p = row.params as unknown as MessageMailParams;
    return renderMessageMail(
      lang,
      row.toAddress,
      { subject: m.subject[lang], html: m.body[lang] },
      valuesOf(publicUrl, p),
      unsubscribeUrl(publicUrl, p.token),
    );
  }
  if (row.template === DIGEST_TEMPLATE) return renderDigestMail(lang, row.toAddress, row.params as never);
  if (row.template === 'event.reminder')
    return renderReminderMail(lang, row.toAddress, row.params as unknown as ReminderParams, publicUrl);
  if (!GUEST_TEMPLATES.includes(row.template as GuestTemplate))
    throw new Error(`Unknown template ${row.template}`);
  return renderGuestMail(row.template as GuestTemplate, lang, row.toAddress, row.params as never);
};

/** Sends one claimed mail and records the outcome, unless another process claimed it since. */
const sendClaimedMail = async (deps: Deps, row: MailRow, texts: MessageTexts) => {
  let outcome: Outcome;
  try {
    const message = await messageOf(deps, row, texts);
    const answer = await deps.mailer.send({
      ...message,
      headers: { ...message.headers, 'Message-ID': `<mail-${row.id}@ebo.mail>` },
    });
    outcome = { state: 'sent', response: (answer || 'accepted').slice(0, MAX_RESPONSE) };
  } catch (err) {
    outcome = outcomeOf(err, row.attempts);
  }
  const now = deps.config.now();
  await deps.db
    .update(mails)
    .set({
      state: outcome.state,
      response: outcome.response,
      updatedAt: now,
      ...(outcome.state === 'sent' && { sentAt: now }),
      ...(outcome.state === 'queued' && {
        nextAttemptAt: new Date(now.getTime() + mailBackoffMs(row.attempts)),
      }),
    })
    .where(
      sql`${mails.id} = ${row.id} and ${mails.state} = 'sending' and ${mails.attempts} = ${row.attempts}`,
    );
};

/** Claims and sends what is due until nothing is; returns how many this process sent or tried. */
export const drainMails = async (deps: Deps, keepGoing: () => boolean = () => true): Promise<number> => {
  let tried = 0;
  while (keepGoing()) {
    const batch = await claimMails(deps);
    if (!batch.length) break;
    const texts: MessageTexts = new Map();
    await eachLimited(batch, SEND_CONCURRENCY, (row) => sendClaimedMail(deps, row, texts));
    tried += batch.length;
  }
  return tried;
};

/* ------------------------------------------------------------ this process's sender */

const sender = {
  deps: null as Deps | null,
  draining: null as Promise<void> | null,
  again: false,
  stopping: false,
};

/** Drains the queue now (or once more after the drain under way). */
export const wakeMailQueue = () => {
  const deps = sender.deps;
  if (!deps || sender.stopping) return;
  if (sender.draining) {
    sender.again = true;
    return;
  }
  sender.draining = (async () => {
    do {
      sender.again = false;
      await drainMails(deps, () => !sender.stopping).catch((err: Error) =>
        console.warn(`The mail queue failed: ${err.message}`),
      );
    } while (sender.again && !sender.stopping);
  })().finally(() => {
    sender.draining = null;
  });
};

/**
 * Starts this process's sender: it drains the queue now, whenever an enqueue commits anywhere
 * (`listen` on MAIL_CHANNEL) and when the scheduler wakes it. Returns `stop()`, which lets the
 * sends under way finish (their rows stay leased otherwise, and go out from another process later).
 */
export const startMailQueue = (
  deps: Deps,
  listen: (channel: string, onNotify: () => void) => () => Promise<void>,
) => {
  sender.deps = deps;
  sender.stopping = false;
  const unlisten = listen(MAIL_CHANNEL, wakeMailQueue);
  return async () => {
    sender.stopping = true;
    await unlisten();
    await sender.draining;
    sender.deps = null;
  };
};
