// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { useReadState } from "../../messages/web/public";
import { errorText, parseInviteCode } from "./serversApi";
import { channelUnread, mentionTotal } from "./unread";

describe("invite codes", () => {
  it("takes the code from a bare code or any invite link", () => {
    expect(parseInviteCode("  AbC12 ")).toBe("AbC12");
    expect(parseInviteCode("https://hearth.example/i/AbC12")).toBe("AbC12");
    expect(parseInviteCode("https://hearth.example/app/explore/servers/invites/my-server?x=1")).toBe("my-server");
    expect(parseInviteCode("http://localhost:8000/i/Zz9/")).toBe("Zz9");
  });

  it("reads {error} bodies as well as {message}", () => {
    expect(errorText({ error: "Only the owner of the server can delete this server." }, "x")).toBe("Only the owner of the server can delete this server.");
    expect(errorText({ message: "Invalid invite code." }, "x")).toBe("Invalid invite code.");
    expect(errorText(undefined, "fallback")).toBe("fallback");
  });
});

describe("unread server channels", () => {
  it("is unread with mentions, with messages after the last visit, or with messages never seen", () => {
    useReadState.setState({
      channels: { a: { id: "a", type: 1, lastMessagedAt: 10 }, b: { id: "b", type: 1, lastMessagedAt: 10 }, c: { id: "c", type: 1, lastMessagedAt: 10 }, d: { id: "d", type: 1, lastMessagedAt: null } },
      lastSeen: { a: 20, b: 5 },
      mentions: { d: { channelId: "d", serverId: "s1", count: 2 } },
    });
    const read = useReadState.getState();
    expect(["a", "b", "c", "d"].map((id) => channelUnread(read, id))).toEqual([false, true, true, true]);
    expect(mentionTotal(read, ["a", "d"])).toBe(2);
  });
});
