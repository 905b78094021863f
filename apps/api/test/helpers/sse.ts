import { ZRealtimeChangeEvent, type RealtimeChangeEvent } from '@app/contract';

// A client of GET /api/events over real HTTP (inject() waits for a response's end, a stream never ends).

export interface Stream {
  events: RealtimeChangeEvent[];
  /** Raw blocks received, comments included. */
  raw: string[];
  status: number;
  headers: Headers;
  close(): void;
}

export async function connect(url: string, headers: Record<string, string>): Promise<Stream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const stream: Stream = {
    events: [],
    raw: [],
    status: res.status,
    headers: res.headers,
    close: () => controller.abort(),
  };
  if (!res.ok || !res.body) return stream;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          stream.raw.push(block);
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          if (event === 'change' && data) stream.events.push(ZRealtimeChangeEvent.parse(JSON.parse(data)));
        }
      }
    } catch {
      // Aborted by the test, or the server ended the stream.
    }
  })();
  return stream;
}
