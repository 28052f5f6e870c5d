import { describe, expect, it } from "vitest";
import { withFirstEvent } from "../../../src/mcp/first-event.js";

const SSE = { "content-type": "text/event-stream", "mcp-session-id": "s1" };
const bytes = (text: string) => new TextEncoder().encode(text);

/** A stream that the test feeds by hand, as the transport does. */
function feed() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return { stream, controller };
}

describe("withFirstEvent", () => {
  it("a single answer closed in the same turn: same status, headers and bytes, already complete", async () => {
    const { stream, controller } = feed();
    const held = withFirstEvent(new Response(stream, { status: 200, headers: SSE }));
    controller.enqueue(bytes("event: message\ndata: {}\n\n"));
    controller.close();
    const response = await held;
    expect(response.status).toBe(200);
    expect(response.headers.get("mcp-session-id")).toBe("s1");
    expect(await response.text()).toBe("event: message\ndata: {}\n\n");
  });

  it("a notification first, the answer later: both arrive in order, none lost", async () => {
    const { stream, controller } = feed();
    const held = withFirstEvent(new Response(stream, { headers: SSE }));
    controller.enqueue(bytes("a"));
    const response = await held;
    setTimeout(() => {
      controller.enqueue(bytes("b"));
      controller.enqueue(bytes("c"));
      controller.close();
    }, 20);
    expect(await response.text()).toBe("abc");
  });

  it("leaves a JSON or bodiless answer as it is", async () => {
    const json = new Response("{}", { headers: { "content-type": "application/json" } });
    expect(await withFirstEvent(json)).toBe(json);
    const empty = new Response(null, { status: 202 });
    expect(await withFirstEvent(empty)).toBe(empty);
  });

  it("a stream that ends with no event ends empty with its status", async () => {
    const { stream, controller } = feed();
    const held = withFirstEvent(new Response(stream, { status: 200, headers: SSE }));
    controller.close();
    const response = await held;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});
