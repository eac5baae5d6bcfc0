import { describe, expect, it } from "vitest";
import { sharedRead } from "../src/db/shared-read";

// The catalogue version read shared by the searches of one event-loop turn (db/shared-read.ts):
// it must never be answered by a read that started before a request asked for it.

describe("sharedRead", () => {
  it("answers the asks of one turn with one read, started after the last ask", async () => {
    const events: string[] = [];
    let reads = 0;
    const read = sharedRead(async (_key: object) => {
      events.push("read");
      return ++reads;
    });
    const key = {};
    const asks = [1, 2, 3].map((n) => (events.push(`ask ${n}`), read(key)));
    expect(await Promise.all(asks)).toEqual([1, 1, 1]);
    expect(events).toEqual(["ask 1", "ask 2", "ask 3", "read"]);
  });

  it("gives an ask made once the read has started a read of its own", async () => {
    let release!: () => void;
    let reads = 0;
    const read = sharedRead(async (_key: object) => {
      const n = ++reads;
      if (n === 1) await new Promise<void>((resolve) => (release = resolve));
      return n;
    });
    const key = {};
    const first = read(key);
    // The first read is under way (started on the check phase) and has not answered yet.
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(1);
    const second = read(key);
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
  });

  it("keeps keys apart and hands a failed read's error to each of its asks", async () => {
    const read = sharedRead(async (key: { name: string }) => {
      if (key.name === "broken") throw new Error("connection lost");
      return key.name;
    });
    const [a, b] = [{ name: "a" }, { name: "b" }];
    expect(await Promise.all([read(a), read(b), read(a)])).toEqual(["a", "b", "a"]);
    const broken = { name: "broken" };
    const failing = [read(broken), read(broken)];
    for (const ask of failing) await expect(ask).rejects.toThrow("connection lost");
    // The failure is not kept: the next ask reads again.
    expect(await read(a)).toBe("a");
  });

  it("fails the asks of a read that throws before it returns a promise", async () => {
    const read = sharedRead((_key: object): Promise<number> => {
      throw new Error("no pool");
    });
    const key = {};
    const asks = [read(key), read(key)];
    for (const ask of asks) await expect(ask).rejects.toThrow("no pool");
  });
});
