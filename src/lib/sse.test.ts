import { describe, expect, it } from 'vitest';
import { readSse, type SseEvent } from './sse';

/** A body that delivers `chunks` one by one, and says whether the reader cancelled it. */
const bodyOf = (chunks: string[]) => {
  const state = { cancelled: false };
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]));
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
};

const readAll = async (chunks: string[], lastEventId?: string) => {
  const got: SseEvent[] = [];
  for await (const e of readSse(bodyOf(chunks).body, lastEventId)) got.push(e);
  return got;
};

describe('readSse', () => {
  it('reads events split anywhere, with every line end, comments and multi-line data', async () => {
    const stream =
      ': hello\r\nevent: ready\r\ndata: {"a":1}\r\n\r\ndata: one\rdata: two\r\rid: 7\nevent: change\ndata: x\n\n';
    // The same stream whole, and cut into pieces of three characters (a CR LF cut in two too).
    const whole = await readAll([stream]);
    const pieces = await readAll(stream.match(/[\s\S]{1,3}/g)!);
    const expected = [
      { event: 'ready', data: '{"a":1}', lastEventId: '' },
      { event: 'message', data: 'one\ntwo', lastEventId: '' },
      { event: 'change', data: 'x', lastEventId: '7' },
    ];
    expect(whole).toEqual(expected);
    expect(pieces).toEqual(expected);
  });

  it('keeps the last event id: from the caller, from a block without data, not one with a NUL', async () => {
    const got = await readAll(
      ['data: a\n\n', 'id: 41\n\n', 'data: b\n\n', 'id: 4\u00002\ndata: c\n\n'],
      '40',
    );
    expect(got.map((e) => [e.data, e.lastEventId])).toEqual([
      ['a', '40'],
      ['b', '41'],
      ['c', '41'],
    ]);
  });

  it('drops an event the stream ends in the middle of', async () => {
    expect(await readAll(['data: whole\n\n', 'data: cut'])).toEqual([
      { event: 'message', data: 'whole', lastEventId: '' },
    ]);
  });

  it('cancels the body when the reader leaves early', async () => {
    const { body, state } = bodyOf(['data: a\n\n', 'data: b\n\n', 'data: c\n\n']);
    for await (const e of readSse(body)) if (e.data === 'a') break;
    expect(state.cancelled).toBe(true);
  });
});
