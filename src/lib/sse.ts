/**
 * Server-Sent Events from a `fetch` answer's body (the live stream sends its token in the
 * Authorization header, which EventSource cannot: docs/decisions/0019-live-updates-and-many-processes.md).
 * eventsource-parser reads the stream by the HTML standard's rules (line ends, comments, joined `data`
 * lines, a leading BOM); this adds the last event id, which an `id` field sets even in a block
 * without data, as the Last-Event-ID to resume from.
 */
import { createParser } from 'eventsource-parser';

export interface SseEvent {
  event: string;
  data: string;
  /** The last event id after this event (the Last-Event-ID to resume from). */
  lastEventId: string;
}

export async function* readSse(body: ReadableStream<Uint8Array>, lastEventId = ''): AsyncGenerator<SseEvent> {
  let id = lastEventId;
  const ready: SseEvent[] = [];
  // The parser reports a block's id before its event, and an id-only block's too.
  const parser = createParser({
    onId: (value) => (id = value),
    onEvent: (e) => ready.push({ event: e.event || 'message', data: e.data, lastEventId: id }),
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      while (ready.length) yield ready.shift()!;
    }
  } finally {
    // Leaving early (a break, a throw) ends the request too.
    await reader.cancel().catch(() => {});
  }
}
