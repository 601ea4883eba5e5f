/**
 * A Server-Sent Events reader for a `fetch` answer's body (the live stream sends its token in the
 * Authorization header, which EventSource cannot: docs/decisions/0019-live-updates-and-many-processes.md).
 * Follows the HTML standard's parsing rules: lines end with CR, LF or CRLF; `:` starts a comment;
 * `data` lines join with LF; `id` sets the last event id (also for an event without data); a blank
 * line dispatches.
 */
export interface SseEvent {
  event: string;
  data: string;
  /** The last event id after this event (the Last-Event-ID to resume from). */
  lastEventId: string;
}

export async function* readSse(body: ReadableStream<Uint8Array>, lastEventId = ''): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id = lastEventId;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop()!;
      for (const line of lines) {
        if (line === '') {
          if (data.length) yield { event: event || 'message', data: data.join('\n'), lastEventId: id };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let v = colon < 0 ? '' : line.slice(colon + 1);
        if (v.startsWith(' ')) v = v.slice(1);
        if (field === 'event') event = v;
        else if (field === 'data') data.push(v);
        else if (field === 'id' && !v.includes('\0')) id = v;
      }
    }
  } finally {
    // Leaving early (a break, a throw) ends the request too.
    await reader.cancel().catch(() => {});
  }
}
