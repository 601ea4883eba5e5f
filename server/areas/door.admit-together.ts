/**
 * Admissions committed together (docs/decisions/0077-admissions-committed-together.md). On the
 * embedded database a transaction holds the whole database, and each statement in it is a round
 * trip between the server's thread and the database's: admissions one transaction each spent most
 * of their time on those round trips. Here the admissions that arrive while one group is being
 * committed wait, and go in the next group (begun once the group before has sent its last trip,
 * it waits for that one at the database), of one user at one event's door: one transaction
 * claims their Idempotency-Keys in one statement, finds the event in the caller's reach, locks
 * their bookings (in order of id, so that groups of several processes never wait on each other
 * in a circle) and reads them with their admissions in one statement each; then each admission is
 * judged by the same rules as alone (`verdictOf`) and written, with its own audit context and its
 * key's answer, in one statement of its own; those statements (and the answers of refusals) go to
 * the database in one round trip (`lastTrip`).
 *
 * What a group leaves out is served alone, as any keyed write (`alone`): a second admission of a
 * booking or a key already in the group waits for the next group; a key claimed before (a replay,
 * or a request in flight) finds its stored answer alone. A group that fails (any fault) is rolled
 * back whole and each of its admissions is served alone, so one admission's failure fails no other.
 */
import { and, eq, inArray, type SQLWrapper } from 'drizzle-orm';
import type { doorApi } from '../../src/contract/door';
import type { AdmitResult } from '../../src/contract/door';
import { auditContextSql } from '../audit/trail';
import type { AuthInfo } from '../auth/sessions';
import { HttpError } from '../core/errors';
import { lastTrip, type Db, type Tx } from '../db/client';
import { prebuilt, type Prebuilt, type Slots } from '../db/prebuilt';
import { bookings } from '../db/schema';
import { asAnswer, claimKeys, storeAnswer, type KeyedRequest, type StoredAnswer } from '../http/idempotency';
import type { GroupHandler } from '../http/route';
import type { Answer } from '../http/route-answer';
import { ticketKeyRing } from '../tickets/keys';
import { doorEventOf, type DoorEvent } from './door';
import {
  admitReply,
  bookingNamed,
  bookingsWithAdmissions,
  refused,
  verdictOf,
  type Admission,
  type Admitted,
  type Named,
} from './door.admit';
import { recordParts, writeShape, type Recorded, type Write } from './door.write';

/** The most admissions committed together. */
const GROUP_MOST = 64;
/** The longest a group waits for more admissions in a burst (`Door.#gather`). */
const GATHER_MS = 2;

interface Waiting {
  admission: Admission;
  named: Named;
  keyed: KeyedRequest | null;
  answerOf(out: Admitted | HttpError): Answer;
  alone(): Promise<Answer>;
  settle(answer: Promise<Answer>): void;
}

/** One group is one caller's: the same user with the same rights (the event's reach is theirs). */
const sameCaller = (a: AuthInfo, b: AuthInfo) =>
  a.user.id === b.user.id &&
  a.user.providerId === b.user.providerId &&
  a.permissions.join() === b.permissions.join();

/**
 * The admissions of one database waiting for their group, whether a group is being committed, and
 * the size of the last group.
 */
class Door {
  readonly #waiting: Waiting[] = [];
  #running = false;
  #last = 0;
  #gathered: (() => void) | null = null;
  constructor(private readonly db: Db) {}

  add(waiting: Waiting) {
    this.#waiting.push(waiting);
    if (this.#waiting.length >= this.#last) this.#gathered?.();
    if (this.#running) return;
    this.#running = true;
    // Those that arrive in the same turn of the event loop go together from the first group on.
    setImmediate(() => void this.#drain());
  }

  async #drain() {
    while (this.#waiting.length) {
      // In a burst (the last group had several) the devices answered together send again
      // together, and their sessions are read one after the other: wait a moment for as many as
      // the last group, rather than commit the first alone and the others after it.
      if (this.#waiting.length < this.#last) await this.#gather();
      const group = this.#take();
      this.#last = group.length;
      // The next group is begun once this one's last trip is sent, not once it is answered: its
      // statements wait at the database (for the transaction on the embedded one, for the locks
      // they share on PostgreSQL) and run as soon as this one commits
      // (docs/decisions/0091-the-next-group-waits-at-the-database.md).
      let lastSent!: () => void;
      const sent = new Promise<void>((resolve) => (lastSent = resolve));
      await Promise.race([sent, this.#serve(group, lastSent)]);
    }
    this.#running = false;
  }

  /** Resolves when as many wait as the last group had, or after GATHER_MS. */
  #gather() {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#gathered = null;
        resolve();
      };
      const timer = setTimeout(done, GATHER_MS);
      this.#gathered = done;
    });
  }

  /** The next group: the first waiting and those after it of its user and event, one per booking and key. */
  #take(): Waiting[] {
    const [first] = this.#waiting;
    const { auth, body } = first!.admission;
    const group: Waiting[] = [];
    const bookingIds = new Set<number>();
    const keys = new Set<string>();
    for (let i = 0; i < this.#waiting.length && group.length < GROUP_MOST;) {
      const w = this.#waiting[i]!;
      const bookingId = 'bookingId' in w.named ? w.named.bookingId : null;
      const fits =
        sameCaller(w.admission.auth, auth) &&
        w.admission.body.eventId === body.eventId &&
        (bookingId === null || !bookingIds.has(bookingId)) &&
        (w.keyed === null || !keys.has(w.keyed.key));
      if (!fits) {
        i++;
        continue;
      }
      this.#waiting.splice(i, 1);
      group.push(w);
      if (bookingId !== null) bookingIds.add(bookingId);
      if (w.keyed) keys.add(w.keyed.key);
    }
    return group;
  }

  async #serve(group: Waiting[], lastSent: () => void) {
    let answers: Map<Waiting, Answer> | null = null;
    try {
      answers = await commitTogether(this.db, group, lastSent);
    } catch {
      answers = null; // each is served alone: a fault of one fails no other
    }
    for (const w of group) w.settle(answers?.has(w) ? Promise.resolve(answers.get(w)!) : w.alone());
  }
}

const doors = new WeakMap<Db, Door>();

type Read = Awaited<ReturnType<typeof bookingsWithAdmissions>>;

/** The verdict on one admission of the group, given its event and the bookings locked and read. */
const verdictIn = (
  event: DoorEvent,
  read: Read,
  { admission, named }: Waiting,
): { result: AdmitResult; recorded?: Recorded } => {
  if ('refusal' in named) return { result: refused(named.refusal) };
  const booking = read.get(named.bookingId);
  if (!booking)
    return { result: refused(admission.body.ticket === undefined ? 'another_event' : 'cancelled') };
  return verdictOf(event, named.bookingId, booking, admission);
};

/** Locks the group's bookings at the event's door, in order of id; answers those it holds. */
const lockAtDoor = async (tx: Tx, ids: readonly number[], eventId: number) =>
  ids.length
    ? await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(inArray(bookings.id, [...ids]), eq(bookings.eventId, eventId)))
        .orderBy(bookings.id)
        .for('update')
    : [];

/** An admission's write in a group, with its key's answer (none for an admission without a key). */
interface KeyedWrite extends Write {
  stored: StoredAnswer | null;
}

/** The statement of an admission's write in a group: its parts, its key's answer, its audit context. */
const keyedWrite = (tx: Tx) => (slots: Slots<KeyedWrite>) => {
  const { added, parts } = recordParts(tx, slots);
  const stored = slots.first.stored
    ? [
        tx.$with('stored').as(
          storeAnswer(
            tx,
            slots.focus((w) => w.stored!),
          ),
        ),
      ]
    : [];
  return tx
    .with(added, ...parts, ...stored)
    .select({ context: auditContextSql(slots.focus((w) => w.admission.audit)) })
    .from(added);
};

/**
 * Commits a group in one transaction; answers each admission it served (those it leaves out, keys
 * claimed before, are served alone). Calls `lastSent` once its last trip is sent.
 */
const commitTogether = async (
  db: Db,
  group: Waiting[],
  lastSent: () => void,
): Promise<Map<Waiting, Answer>> => {
  const { auth, body, now } = group[0]!.admission;
  const userId = auth.user.id;
  const answers = new Map<Waiting, Answer>();
  await db.transaction(async (tx) => {
    const ids = [...new Set(group.flatMap((w) => ('bookingId' in w.named ? [w.named.bookingId] : [])))].sort(
      (a, b) => a - b,
    );
    // Four statements asked together, run in this order in one round trip (on the embedded
    // database; one after the other on PostgreSQL's connection): the keys claimed, the event in
    // the caller's reach, the group's bookings at its door locked in order of id, and the bookings
    // read with their admissions after the lock, in a statement of its own (one that waited for a
    // lock sees what was committed meanwhile, docs/decisions/0060-an-admission-in-three-statements.md).
    // Each is asked when its function is called, so they go in the order written here (a query
    // builder handed to Promise.all as it is would be asked after the read).
    const [claimed, found, locked, booked] = await Promise.all([
      claimKeys(
        tx,
        userId,
        group.flatMap((w) => (w.keyed ? [w.keyed] : [])),
        now,
      ),
      doorEventOf(tx, auth, body.eventId).then(
        ({ event }) => event,
        (err: unknown) => {
          if (err instanceof HttpError) return err;
          throw err;
        },
      ),
      lockAtDoor(tx, ids, body.eventId),
      ids.length ? bookingsWithAdmissions(tx, ids) : (new Map() as Read),
    ]);
    const served = group.filter((w) => w.keyed === null || claimed.has(w.keyed.key));
    if (!served.length) return;
    // Every statement that writes, sent in one round trip at the end (`lastTrip`); once it is
    // sent, the next group may begin.
    const writes: (SQLWrapper | Prebuilt)[] = [];
    const finish = () => {
      const trip = lastTrip(tx, writes);
      lastSent();
      return trip;
    };
    const answer = (w: Waiting, out: Admitted | HttpError) => {
      const a = w.answerOf(out);
      answers.set(w, a);
      return a;
    };
    if (found instanceof HttpError) {
      for (const w of served) {
        const a = answer(w, found);
        if (w.keyed) writes.push(storeAnswer(tx, { userId, key: w.keyed.key, answer: a }));
      }
      await finish();
      return;
    }
    const event = found;
    // Only the bookings of this event's door count: the others' tickets are refused.
    const read = new Map(locked.map(({ id }) => [id, booked.get(id)!]));
    for (const w of served) {
      const { result, recorded } = verdictIn(event, read, w);
      const a = answer(w, { result, timeZone: event.timeZone });
      if (!recorded) {
        if (w.keyed) writes.push(storeAnswer(tx, { userId, key: w.keyed.key, answer: a }));
        continue;
      }
      // The admission, its key's answer, and its audit context for the row triggers, in one
      // statement (built once per shape, server/db/prebuilt.ts): the triggers fire at its end,
      // after the select has set the context.
      const write: KeyedWrite = {
        admission: w.admission,
        event,
        recorded,
        stored: w.keyed ? { userId, key: w.keyed.key, answer: a } : null,
      };
      const shape = `${writeShape(recorded).name}:${write.stored ? 'keyed' : 'unkeyed'}`;
      writes.push(prebuilt(shape, write, keyedWrite(tx), w.admission.check));
    }
    await finish();
  });
  return answers;
};

/**
 * `POST /api/booking/admit` served together with the admissions arriving with it: the ticket is
 * verified first (outside any transaction), then the admission waits for its group.
 */
export const admitTogether: GroupHandler<typeof doorApi.bookingAdmit> = async (
  { c, body, requireAuth, audit, lang },
  { keyed, answerOf, alone },
) => {
  const { db, config } = c.var.deps;
  const auth = requireAuth();
  const now = config.now();
  const ring = await ticketKeyRing(db, now, config);
  const admission: Admission = { body, auth, audit, ring, now, check: config.checkAnswers };
  const named = await bookingNamed(body.eventId, admission);
  let door = doors.get(db);
  if (!door) doors.set(db, (door = new Door(db)));
  const waiting = door;
  return new Promise<Answer>((resolve, reject) =>
    waiting.add({
      admission,
      named,
      keyed,
      answerOf: (out) => (out instanceof HttpError ? asAnswer(out) : answerOf(admitReply(out, lang))),
      alone,
      settle: (answer) => answer.then(resolve, reject),
    }),
  );
};
