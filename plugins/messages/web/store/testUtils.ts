/** Builders for tests. */
import type { Message, PublicUser } from "../types";

export const ada: PublicUser = { id: "100", username: "ada", tag: "AAAA" };
export const bob: PublicUser = { id: "200", username: "bob", tag: "BBBB" };

let sequence = 1000;

export function message(overrides: Partial<Message> = {}): Message {
  sequence += 1;
  return {
    id: String(sequence),
    channelId: "c1",
    type: 0,
    content: `message ${sequence}`,
    createdAt: sequence * 1000,
    createdBy: ada,
    reactions: [],
    ...overrides,
  };
}

/** `count` server messages with ids/times counting up from `start`. */
export function page(start: number, count: number, channelId = "c1"): Message[] {
  return Array.from({ length: count }, (_, index) =>
    message({ id: String(start + index), createdAt: (start + index) * 1000, channelId, content: `m${start + index}` }),
  );
}
