import { registerTranslations } from "@hearth/i18n/i18n";
import { setSelfUser } from "@hearth/stores/selfUserStore";
import { beforeEach, describe, expect, it, vi } from "vitest";
import enGb from "../en-gb.json";
import { SentStatus, type Message } from "../types";
import { canRetry, deleteMessage, discardFailed, parseSilent, retrySend, saveEdit, sendDraft, sendText, toggleReaction } from "./actions";
import { addDraftFiles, getDraft, setDraftContent, startEditing, addDraftReply, useDraftStore } from "./draftStore";
import { getChannelMessages, resetMessages, useMessageStore } from "./messageStore";
import { ada, message, page } from "./testUtils";

const api = vi.hoisted(() => ({
  createMessage: vi.fn(),
  editMessage: vi.fn(),
  uploadAttachment: vi.fn(),
  addReaction: vi.fn(),
  removeReaction: vi.fn(),
  sendTyping: vi.fn(() => Promise.resolve()),
}));
vi.mock("../api", () => api);
vi.mock("@hearth/socket/socketClient", () => ({ getSocketId: () => "socket-A", emitSocketEvent: vi.fn() }));

registerTranslations("en-gb", "messages", enGb);

function loadChannel(messages: Message[] = page(1, 3)) {
  useMessageStore.setState({ channels: { c1: { messages, hasOlder: false, hasNewer: false } } });
}

/** A promise the test settles by hand, to look at the in-between state. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const messages = () => getChannelMessages("c1").messages;

beforeEach(() => {
  vi.clearAllMocks();
  resetMessages();
  useDraftStore.setState({ drafts: {} });
  setSelfUser({ id: ada.id, username: ada.username, tag: ada.tag, badges: 0 }, null);
  loadChannel();
});

describe("@silent and trimming", () => {
  it("strips the prefix and trims", () => {
    expect(parseSilent("  @silent   hello  ")).toEqual({ content: "hello", silent: true });
    expect(parseSilent("@silent")).toEqual({ content: "", silent: true });
    expect(parseSilent("@silently not")).toEqual({ content: "@silently not", silent: false });
    expect(parseSilent("  plain  ")).toEqual({ content: "plain", silent: false });
  });

  it("sends nothing when only the prefix (or blanks) remain and there is no attachment", async () => {
    setDraftContent("c1", "@silent   ");
    expect(await sendDraft("c1")).toBe("nothing");
    setDraftContent("c1", "   ");
    expect(await sendDraft("c1")).toBe("nothing");
    expect(api.createMessage).not.toHaveBeenCalled();
  });
});

describe("sending", () => {
  it("shows a sending message, then replaces it with the server's, sending our socket id", async () => {
    const reply = deferred<Message>();
    api.createMessage.mockReturnValueOnce(reply.promise);
    const target = messages()[0]!;
    addDraftReply("c1", target);
    setDraftContent("c1", "  @silent hi there  ");

    const sending = sendDraft("c1");
    const pending = messages().at(-1)!;
    expect(pending).toMatchObject({ content: "hi there", sentStatus: SentStatus.SENDING, local: true, silent: true });
    expect(getDraft("c1")).toMatchObject({ content: "", replies: [] });
    expect(api.createMessage).toHaveBeenCalledWith("c1", {
      content: "hi there",
      silent: true,
      replyToMessageIds: [target.id],
      mentionReplies: true,
      socketId: "socket-A",
    });

    const saved = message({ id: "50", content: "hi there", createdAt: pending.createdAt + 5 });
    reply.resolve(saved);
    expect(await sending).toBe("sent");
    expect(messages().map((item) => item.id)).toEqual(["1", "2", "3", "50"]);
    expect(messages().some((item) => item.sentStatus !== undefined)).toBe(false);
  });

  it("on failure marks the message failed, restores the draft and posts the server's error", async () => {
    api.createMessage.mockRejectedValueOnce({ message: "You must confirm your email to send messages.", path: null });
    setDraftContent("c1", "hello");
    expect(await sendDraft("c1")).toBe("failed");

    const failed = messages().find((item) => item.content === "hello")!;
    expect(failed.sentStatus).toBe(SentStatus.FAILED);
    expect(getDraft("c1").content).toBe("hello");
    expect(messages().at(-1)).toMatchObject({ localError: true, content: "You must confirm your email to send messages." });
  });

  it("uses the standard text when the error has no message", async () => {
    api.createMessage.mockRejectedValueOnce({});
    setDraftContent("c1", "hello");
    await sendDraft("c1");
    expect(messages().at(-1)).toMatchObject({ localError: true, content: "Failed to send message." });
  });

  it("uploads the attachment with progress first, then sends its file id; an upload failure restores the file", async () => {
    const file = new File(["data"], "cat.png", { type: "image/png" });
    const upload = deferred<{ fileId: string }>();
    api.uploadAttachment.mockImplementationOnce((_channel: string, _file: File, onProgress: (p: unknown) => void) => {
      onProgress({ percent: 40, bytesPerSecond: 2048 });
      return upload.promise;
    });
    api.createMessage.mockResolvedValueOnce(message({ id: "60", content: "", createdAt: Date.now() }));
    addDraftFiles("c1", [file]);

    const sending = sendDraft("c1");
    expect(messages().at(-1)).toMatchObject({ uploadingAttachment: { name: "cat.png", progress: 40, speed: 2048 } });
    upload.resolve({ fileId: "f-1" });
    await sending;
    expect(api.uploadAttachment).toHaveBeenCalledWith("c1", file, expect.any(Function));
    expect(api.createMessage).toHaveBeenCalledWith("c1", { nerimityCdnFileId: "f-1", socketId: "socket-A" });

    api.uploadAttachment.mockRejectedValueOnce({});
    addDraftFiles("c1", [file]);
    expect(await sendDraft("c1")).toBe("failed");
    expect(getDraft("c1").attachments.map((a) => a.file)).toEqual([file]);
    expect(messages().at(-1)).toMatchObject({ localError: true, content: "Failed to upload File." });
  });

  it("sends several files as one message each, in order, the text and replies with the first", async () => {
    const files = ["a.png", "b.txt", "c.pdf"].map((name) => new File([name], name));
    api.uploadAttachment.mockImplementation((_channel: string, file: File) => Promise.resolve({ fileId: `id-${file.name}` }));
    api.createMessage.mockImplementation((_channel: string, body: { nerimityCdnFileId: string }) =>
      Promise.resolve(message({ id: `m-${body.nerimityCdnFileId}`, createdAt: Date.now() })),
    );
    const replied = page(1, 1)[0]!;
    addDraftReply("c1", replied);
    setDraftContent("c1", "@silent three files");
    addDraftFiles("c1", files);

    const sending = sendDraft("c1");
    // Every file has its message at once, each with its own upload.
    expect(messages().slice(-3).map((m) => m.uploadingAttachment?.name)).toEqual(["a.png", "b.txt", "c.pdf"]);
    expect(messages().slice(-3).map((m) => m.content)).toEqual(["three files", "", ""]);
    expect(await sending).toBe("sent");
    expect(api.createMessage.mock.calls).toEqual([
      ["c1", { content: "three files", silent: true, replyToMessageIds: [replied.id], mentionReplies: true, nerimityCdnFileId: "id-a.png", socketId: "socket-A" }],
      ["c1", { silent: true, nerimityCdnFileId: "id-b.txt", socketId: "socket-A" }],
      ["c1", { silent: true, nerimityCdnFileId: "id-c.pdf", socketId: "socket-A" }],
    ]);
    expect(messages().slice(-3).map((m) => m.id)).toEqual(["m-id-a.png", "m-id-b.txt", "m-id-c.pdf"]);
    expect(getDraft("c1")).toMatchObject({ content: "", attachments: [] });
    api.uploadAttachment.mockReset();
    api.createMessage.mockReset();
  });

  it("a file that fails goes back to the draft with those after it; the text stays sent with the first", async () => {
    const files = ["a.png", "b.txt", "c.pdf"].map((name) => new File([name], name));
    api.uploadAttachment.mockImplementation((_channel: string, file: File) =>
      file.name === "b.txt" ? Promise.reject({ message: "Too big" }) : Promise.resolve({ fileId: file.name }),
    );
    api.createMessage.mockImplementation(() => Promise.resolve(message({ id: `m-${Math.random()}`, createdAt: Date.now() })));
    setDraftContent("c1", "text");
    addDraftFiles("c1", files);
    expect(await sendDraft("c1")).toBe("failed");
    expect(api.createMessage).toHaveBeenCalledTimes(1);
    expect(getDraft("c1").attachments.map((a) => a.file.name)).toEqual(["b.txt", "c.pdf"]);
    expect(getDraft("c1").content).toBe("");
    const local = messages().filter((m) => m.local);
    expect(local.map((m) => [m.uploadingAttachment ?? null, m.sentStatus, m.localError ?? false])).toEqual([
      [null, SentStatus.FAILED, false], // b.txt: failed, kept in the list
      [null, undefined, true], // the notice; c.pdf's message is gone (never sent)
    ]);
    expect(local.at(-1)?.content).toBe("Too big");
    api.uploadAttachment.mockReset();
    api.createMessage.mockReset();
  });

  it("sends HTML mode content as htmlEmbed", async () => {
    api.createMessage.mockResolvedValueOnce(message({ createdAt: Date.now() }));
    setDraftContent("c1", "<b>hi</b>");
    useDraftStore.setState(({ drafts }) => ({ drafts: { c1: { ...drafts.c1!, htmlMode: true } } }));
    await sendDraft("c1");
    expect(api.createMessage).toHaveBeenCalledWith("c1", { htmlEmbed: "<b>hi</b>", socketId: "socket-A" });
  });

  it("starts the slow-down timer on a slow-mode refusal", async () => {
    api.createMessage.mockRejectedValueOnce({ message: "Slow down!", ttl: 5000, slowMode: true });
    setDraftContent("c1", "fast");
    await sendDraft("c1");
    expect(getDraft("c1").slowDownUntil).toBeGreaterThan(Date.now() + 4000);
    expect(await sendDraft("c1")).toBe("slowed");
  });
});

describe("editing", () => {
  it("does nothing when the content is unchanged", async () => {
    const target = messages()[1]!;
    startEditing("c1", target);
    setDraftContent("c1", `  ${target.content} `);
    expect(await saveEdit("c1")).toBe("edit-unchanged");
    expect(api.editMessage).not.toHaveBeenCalled();
    expect(getDraft("c1").editMessageId).toBeNull();
  });

  it("goes to sending, then takes the server's copy", async () => {
    const target = messages()[1]!;
    const reply = deferred<Message>();
    api.editMessage.mockReturnValueOnce(reply.promise);
    startEditing("c1", target);
    setDraftContent("c1", "changed");
    const saving = sendDraft("c1");
    expect(messages()[1]).toMatchObject({ content: "changed", sentStatus: SentStatus.SENDING });
    reply.resolve({ ...target, content: "changed", editedAt: 123 });
    expect(await saving).toBe("edited");
    expect(messages()[1]).toMatchObject({ content: "changed", editedAt: 123 });
    expect(messages()[1]!.sentStatus).toBeUndefined();
  });

  it("marks the message failed when the edit is refused", async () => {
    const target = messages()[1]!;
    api.editMessage.mockRejectedValueOnce({ message: "Nope" });
    startEditing("c1", target);
    setDraftContent("c1", "changed");
    expect(await saveEdit("c1")).toBe("failed");
    expect(messages().find((item) => item.id === target.id)!.sentStatus).toBe(SentStatus.FAILED);
  });

  it("asks before saving an empty edit", async () => {
    startEditing("c1", messages()[1]!);
    setDraftContent("c1", "   ");
    expect(await saveEdit("c1")).toBe("edit-empty");
  });
});

describe("reactions", () => {
  it("adds a reaction the user has not made, and removes one they have", async () => {
    const target = messages()[0]!;
    api.addReaction.mockResolvedValueOnce({ reactedByUserId: ada.id, messageId: target.id, channelId: "c1", emojiId: null, name: "👍", count: 1 });
    await toggleReaction("c1", target.id, "👍");
    expect(messages()[0]!.reactions).toEqual([expect.objectContaining({ name: "👍", count: 1, reacted: true })]);

    api.removeReaction.mockResolvedValueOnce({ reactionRemovedByUserId: ada.id, messageId: target.id, channelId: "c1", emojiId: null, name: "👍", count: 0 });
    await toggleReaction("c1", target.id, "👍");
    expect(api.removeReaction).toHaveBeenCalledWith("c1", target.id, "👍", null);
    expect(messages()[0]!.reactions).toEqual([]);
  });
});

describe("sending a composer button's text", () => {
  it("sends it as a message of its own and leaves the draft alone", async () => {
    setDraftContent("c1", "half-written");
    const sentMessage = message({ id: "900", content: "https://media.example/cat.gif" });
    api.createMessage.mockResolvedValueOnce(sentMessage);
    expect(await sendText("c1", " https://media.example/cat.gif ")).toBe("sent");
    expect(api.createMessage).toHaveBeenCalledWith("c1", { content: "https://media.example/cat.gif", socketId: "socket-A" });
    expect(messages().at(-1)!.id).toBe("900");
    expect(getDraft("c1").content).toBe("half-written");
  });

  it("marks it failed with the server's reason, and sends nothing blank", async () => {
    api.createMessage.mockRejectedValueOnce({ message: "Missing Send Message permission", path: null });
    expect(await sendText("c1", "https://media.example/cat.gif")).toBe("failed");
    const failed = messages().find((m) => m.content === "https://media.example/cat.gif")!;
    expect(failed.sentStatus).toBe(SentStatus.FAILED);
    expect(messages().at(-1)!.content).toBe("Missing Send Message permission");
    expect(await sendText("c1", "   ")).toBe("nothing");
    expect(api.createMessage).toHaveBeenCalledTimes(1);
  });
});

describe("retrying a failed message", () => {
  it("sends the same message again, takes back what the failure put in the composer, and drops the failure's notice", async () => {
    const target = messages()[0]!;
    api.createMessage.mockRejectedValueOnce({ message: "Could not connect to server.", code: 0 });
    addDraftReply("c1", target);
    setDraftContent("c1", "@silent hello");
    expect(await sendDraft("c1")).toBe("failed");
    const failed = messages().find((item) => item.content === "hello")!;
    expect(canRetry(failed)).toBe(true);
    expect(getDraft("c1").content).toBe("@silent hello"); // spec §4: the draft comes back as written
    expect(messages().some((item) => item.localError)).toBe(true);

    const reply = deferred<Message>();
    api.createMessage.mockReturnValueOnce(reply.promise);
    const retrying = retrySend("c1", failed.id);
    expect(messages().find((item) => item.id === failed.id)!.sentStatus).toBe(SentStatus.SENDING);
    expect(messages().some((item) => item.localError)).toBe(false);
    expect(getDraft("c1").content).toBe("");
    expect(api.createMessage).toHaveBeenLastCalledWith("c1", {
      content: "hello",
      silent: true,
      replyToMessageIds: [target.id],
      mentionReplies: true,
      socketId: "socket-A",
    });
    reply.resolve(message({ id: "70", content: "hello", createdAt: failed.createdAt + 1 }));
    expect(await retrying).toBe("sent");
    expect(messages().filter((item) => item.content === "hello").map((item) => [item.id, item.sentStatus])).toEqual([["70", undefined]]);
    expect(canRetry(messages().find((item) => item.id === "70")!)).toBe(false);
  });

  it("keeps what the user wrote since, and fails again with a new notice", async () => {
    api.createMessage.mockRejectedValueOnce({});
    setDraftContent("c1", "first");
    await sendDraft("c1");
    setDraftContent("c1", "something else");
    const failed = messages().find((item) => item.content === "first")!;
    api.createMessage.mockRejectedValueOnce({ message: "Still offline" });
    expect(await retrySend("c1", failed.id)).toBe("failed");
    expect(getDraft("c1").content).toBe("something else");
    expect(messages().filter((item) => item.localError).map((item) => item.content)).toEqual(["Still offline"]);
    expect(canRetry(messages().find((item) => item.id === failed.id)!)).toBe(true);
  });

  it("uploads the attachment again on retry", async () => {
    const file = new File(["data"], "cat.png", { type: "image/png" });
    api.uploadAttachment.mockRejectedValueOnce({});
    addDraftFiles("c1", [file]);
    await sendDraft("c1");
    const failed = messages().find((item) => item.sentStatus === SentStatus.FAILED)!;
    api.uploadAttachment.mockResolvedValueOnce({ fileId: "f-2" });
    api.createMessage.mockResolvedValueOnce(message({ id: "71", content: "", createdAt: Date.now() }));
    expect(await retrySend("c1", failed.id)).toBe("sent");
    expect(getDraft("c1").attachments).toEqual([]);
    expect(api.createMessage).toHaveBeenLastCalledWith("c1", { nerimityCdnFileId: "f-2", socketId: "socket-A" });
  });

  it("stops at a file that fails: it can be retried alone, the files after it wait in the draft", async () => {
    const files = ["one.png", "two.png", "three.png"].map((name) => new File(["data"], name, { type: "image/png" }));
    api.uploadAttachment.mockResolvedValueOnce({ fileId: "f-1" }).mockRejectedValueOnce({});
    api.createMessage.mockResolvedValueOnce(message({ id: "80", content: "three files", createdAt: Date.now() }));
    setDraftContent("c1", "three files");
    addDraftFiles("c1", files);
    expect(await sendDraft("c1")).toBe("failed");
    const failed = messages().find((item) => item.sentStatus === SentStatus.FAILED)!;
    expect(messages().filter((item) => item.sentStatus === SentStatus.SENDING)).toEqual([]); // three never left
    expect(getDraft("c1").attachments.map((attachment) => attachment.file.name)).toEqual(["two.png", "three.png"]);
    expect(getDraft("c1").content).toBe(""); // the text went with the first file

    api.uploadAttachment.mockResolvedValueOnce({ fileId: "f-2" });
    api.createMessage.mockResolvedValueOnce(message({ id: "81", content: "", createdAt: Date.now() }));
    expect(await retrySend("c1", failed.id)).toBe("sent");
    expect(api.createMessage).toHaveBeenLastCalledWith("c1", { nerimityCdnFileId: "f-2", socketId: "socket-A" });
    expect(getDraft("c1").attachments.map((attachment) => attachment.file.name)).toEqual(["three.png"]);
  });

  it("retries a composer button's text without touching the draft", async () => {
    setDraftContent("c1", "half-written");
    api.createMessage.mockRejectedValueOnce({});
    await sendText("c1", "https://media.example/cat.gif");
    const failed = messages().find((item) => item.sentStatus === SentStatus.FAILED)!;
    api.createMessage.mockResolvedValueOnce(message({ id: "72", content: "https://media.example/cat.gif", createdAt: Date.now() }));
    expect(await retrySend("c1", failed.id)).toBe("sent");
    expect(getDraft("c1").content).toBe("half-written");
  });

  it("deleting a failed message removes it and its notice; nothing is left to retry", async () => {
    api.createMessage.mockRejectedValueOnce({});
    setDraftContent("c1", "bye");
    await sendDraft("c1");
    const failed = messages().find((item) => item.content === "bye")!;
    await deleteMessage("c1", failed);
    expect(messages().some((item) => item.content === "bye" || item.localError)).toBe(false);
    expect(await retrySend("c1", failed.id)).toBe("nothing");
    discardFailed("c1", "unknown"); // harmless
  });
});

