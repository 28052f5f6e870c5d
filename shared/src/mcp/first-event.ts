/**
 * A POST answered as an SSE stream (a tool call, say) has its headers written by @hono/node-server
 * as soon as the transport returns the stream, before the answer exists: one socket write for the
 * headers, another for the answer. Each write that wakes the client costs a system call and a
 * wake-up (about a fifth of the HTTP MCP process's CPU per call in a profile of the benchmark).
 * Holding the response until its first event is there lets the headers and that event (and the
 * end, when the stream closes right after it, as it does for a single answer) go out in one write.
 * Nothing is delayed: the client cannot read the stream before its first event anyway, and every
 * later event streams as before. GET streams (the standalone SSE stream) are left alone: their
 * headers tell the client that the stream is open.
 */
export async function withFirstEvent(response: globalThis.Response): Promise<globalThis.Response> {
  const type = response.headers.get("content-type") ?? "";
  if (!response.body || !type.startsWith("text/event-stream")) return response;
  const reader = response.body.getReader();
  const first = await reader.read();
  if (first.done) return new globalThis.Response(null, response);
  // The transport closes a single answer's stream in the same turn as it sends it: look once.
  // A read already answered wins the race; one still pending is kept for the first pull.
  let pending: ReturnType<typeof reader.read> | undefined = reader.read();
  const next = await Promise.race([pending, Promise.resolve(undefined)]);
  if (next) pending = undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first.value);
      if (next?.done) controller.close();
      else if (next) controller.enqueue(next.value);
    },
    async pull(controller) {
      const chunk = await (pending ?? reader.read());
      pending = undefined;
      if (chunk.done) controller.close();
      else controller.enqueue(chunk.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new globalThis.Response(body, response);
}
