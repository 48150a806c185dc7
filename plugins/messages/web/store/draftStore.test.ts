import { mentionLabels } from "@hearth/ui/suggest/mentions";
import { beforeEach, describe, expect, it } from "vitest";
import {
  addDraftReply,
  addReply,
  getDraft,
  MAX_REPLIES,
  removeDraftReply,
  restoreDraftAfterFailure,
  addDraftFiles,
  MAX_DRAFT_FILES,
  removeDraftFile,
  setDraftContent,
  startEditing,
  stopEditing,
  takeDraftForSend,
  useDraftStore,
} from "./draftStore";
import { message } from "./testUtils";

beforeEach(() => useDraftStore.setState({ drafts: {} }));

describe("reply list rules", () => {
  it("holds at most five messages", () => {
    let replies = Array.from({ length: MAX_REPLIES }, () => message());
    const sixth = addReply(replies, message());
    expect(sixth.result).toBe("full");
    expect(sixth.replies).toHaveLength(5);
    replies = replies.slice(0, 4);
    expect(addReply(replies, message()).replies).toHaveLength(5);
  });

  it("ignores a message already in the list", () => {
    const first = message();
    const { replies } = addReply([], first);
    expect(addReply(replies, { ...first })).toEqual({ replies, result: "duplicate" });
  });

  it("keeps replies per channel and removes one by id", () => {
    const a = message();
    const b = message();
    expect(addDraftReply("c1", a)).toBe("added");
    expect(addDraftReply("c1", b)).toBe("added");
    expect(addDraftReply("c1", a)).toBe("duplicate");
    expect(addDraftReply("c2", a)).toBe("added");
    removeDraftReply("c1", a.id);
    expect(getDraft("c1").replies.map((reply) => reply.id)).toEqual([b.id]);
    expect(getDraft("c2").replies).toHaveLength(1);
  });
});

describe("drafts per channel", () => {
  it("keeps content, attachments and replies apart for each channel", () => {
    const file = new File(["x"], "a.txt");
    setDraftContent("c1", "hello one");
    setDraftContent("c2", "hello two");
    addDraftFiles("c2", [file]);
    expect(getDraft("c1")).toMatchObject({ content: "hello one", attachments: [] });
    expect(getDraft("c2")).toMatchObject({ content: "hello two", attachments: [{ file, uploadTo: "cdn" }] });
    expect(getDraft("never-opened").content).toBe("");
  });

  it("takes up to ten files, each removable on its own (two files of one name stay apart)", () => {
    const files = Array.from({ length: 12 }, (_, n) => new File([String(n)], n < 2 ? "same.txt" : `f${n}.txt`));
    expect(addDraftFiles("c1", files.slice(0, 3))).toBe(0);
    expect(addDraftFiles("c1", files.slice(3))).toBe(2); // seven more fit, two are left out
    const attachments = getDraft("c1").attachments;
    expect(attachments.map((a) => a.file)).toEqual(files.slice(0, MAX_DRAFT_FILES));
    expect(new Set(attachments.map((a) => a.id)).size).toBe(MAX_DRAFT_FILES);
    removeDraftFile("c1", attachments[0]!.id);
    expect(getDraft("c1").attachments.map((a) => a.file)).toEqual(files.slice(1, MAX_DRAFT_FILES));
    expect(addDraftFiles("c1", [files[10]!, files[11]!])).toBe(1);
  });

  it("editing remembers the names of the people and roles the message mentions, for its chips", () => {
    startEditing("c1", message({ id: "57", content: "[@:900] [r:901]", mentions: [{ id: "900", username: "zelda", tag: "0001" }], roleMentions: [{ id: "901", name: "Crew" }] }));
    const labels = mentionLabels(undefined);
    expect([labels("user", "900"), labels("role", "901")]).toEqual(["@zelda", "@Crew"]);
  });

  it("editing puts the message in the composer and gives back the draft afterwards", () => {
    setDraftContent("c1", "half-written");
    startEditing("c1", message({ id: "55", content: "original" }));
    expect(getDraft("c1")).toMatchObject({ editMessageId: "55", content: "original" });
    startEditing("c1", message({ id: "56", content: "another" }));
    stopEditing("c1");
    expect(getDraft("c1")).toMatchObject({ editMessageId: null, content: "half-written" });
  });

  it("a send empties the draft but keeps the HTML flag; a failure restores content, attachments and flag", () => {
    const file = new File(["x"], "a.png");
    setDraftContent("c1", "hi");
    addDraftFiles("c1", [file]);
    useDraftStore.setState(({ drafts }) => ({ drafts: { ...drafts, c1: { ...drafts.c1!, htmlMode: true } } }));
    const snapshot = takeDraftForSend("c1");
    expect(getDraft("c1")).toMatchObject({ content: "", attachments: [], replies: [], htmlMode: true });
    useDraftStore.setState(({ drafts }) => ({ drafts: { ...drafts, c1: { ...drafts.c1!, htmlMode: false } } }));
    restoreDraftAfterFailure("c1", snapshot);
    expect(getDraft("c1")).toMatchObject({ content: "hi", attachments: [{ file }], htmlMode: true });
  });

  it("does not overwrite a new message the user started after a failed send", () => {
    setDraftContent("c1", "first");
    const snapshot = takeDraftForSend("c1");
    setDraftContent("c1", "second");
    restoreDraftAfterFailure("c1", snapshot);
    expect(getDraft("c1").content).toBe("second");
  });
});
