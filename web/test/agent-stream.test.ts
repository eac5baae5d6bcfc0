import { describe, expect, it } from "vitest";
import { runEvents } from "../src/chat/agent-client";

async function* events(...names: string[]) {
  for (const event of names) yield { event, data: event === "end" ? null : {} };
}

describe("a run's stream as the chat reads it", () => {
  it("leaves out the agent server's end marker, which assistant-ui does not know (no console warning)", async () => {
    const seen: string[] = [];
    for await (const e of runEvents(events("metadata", "values", "messages", "end"))) seen.push(e.event);
    expect(seen).toEqual(["metadata", "values", "messages"]);
  });
});
