import { registerTranslations } from "@hearth/i18n/i18n";
import { beforeEach, describe, expect, it, vi } from "vitest";
import enGb from "../en-gb.json";
import { loadMentions, mentionLink, resetMentions, serverMentionTotal, useMentionsStore } from "./mentionsStore";
import { message } from "./testUtils";

const api = vi.hoisted(() => ({ fetchMentionNotifications: vi.fn() }));
vi.mock("../searchApi", () => api);

registerTranslations("en-gb", "messages", enGb);

const server = { id: "s1", name: "Hearthside" };

beforeEach(() => {
  api.fetchMentionNotifications.mockReset();
  resetMentions();
});

describe("the inbox of mentions", () => {
  it("loads the list, leaving out notifications whose message is gone", async () => {
    const kept = { id: "n1", server, serverMember: null, message: message({ id: "m1", channelId: "c9" }) };
    api.fetchMentionNotifications.mockResolvedValue([kept, { id: "n2", server, serverMember: null, message: null }]);
    const loading = loadMentions();
    expect(useMentionsStore.getState().loading).toBe(true);
    await loading;
    expect(useMentionsStore.getState()).toMatchObject({ items: [kept], loading: false, loaded: true, error: null });
  });

  it("keeps the error to show with a retry", async () => {
    api.fetchMentionNotifications.mockRejectedValue({ message: "Could not connect to server.", code: 0 });
    await loadMentions();
    expect(useMentionsStore.getState()).toMatchObject({ loading: false, loaded: false, error: "Could not connect to server." });
  });

  it("links a row to its channel with the message to jump to", () => {
    const item = { id: "n1", server, serverMember: null, message: message({ id: "m1", channelId: "c9" }) };
    expect(mentionLink(item)).toBe("/app/servers/s1/c9?messageId=m1");
    expect(mentionLink({ ...item, server: null })).toBe("/app/inbox/c9?messageId=m1");
    expect(mentionLink({ ...item, message: null })).toBeNull();
  });

  it("counts unread mentions of server channels only", () => {
    expect(
      serverMentionTotal({
        a: { serverId: "s1", count: 2 },
        b: { serverId: null, count: 5 },
        c: { serverId: "s2", count: 1 },
      }),
    ).toBe(3);
  });
});
