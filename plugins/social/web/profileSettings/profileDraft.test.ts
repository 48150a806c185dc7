import { describe, expect, it } from "vitest";
import { draftFromProfile, hasUnsavedChanges, MAX_BIO_LENGTH, previewProfile, profileChanges, validateDraft, type ProfileDraft } from "./profileDraft";

const saved = { bio: "hello", bgColorOne: "#112233", bgColorTwo: null, primaryColor: "#abc", font: 2 };
const draft = (change: Partial<ProfileDraft> = {}): ProfileDraft => ({ ...draftFromProfile(saved), ...change });

describe("the profile draft", () => {
  it("starts from the saved profile, with empty text for what is not set", () => {
    expect(draftFromProfile(saved)).toEqual({ bio: "hello", bgColorOne: "#112233", bgColorTwo: "", primaryColor: "#abc", font: 2, banner: { kind: "keep" } });
    expect(draftFromProfile(null)).toEqual({ bio: "", bgColorOne: "", bgColorTwo: "", primaryColor: "", font: 0, banner: { kind: "keep" } });
  });

  it("accepts a bio of 1000 characters, counting an emoji as one as the server does, and refuses 1001", () => {
    expect(validateDraft(draft({ bio: "a".repeat(MAX_BIO_LENGTH) }))).toEqual({});
    expect(validateDraft(draft({ bio: "😀".repeat(MAX_BIO_LENGTH) }))).toEqual({});
    expect(validateDraft(draft({ bio: "a".repeat(MAX_BIO_LENGTH + 1) }))).toEqual({ bio: "bioTooLong" });
  });

  it("takes only the hex colours the server takes, and empty for none", () => {
    for (const colour of ["#abc", "#A1B2C3", "#a1b2c3d4", ""]) expect(validateDraft(draft({ primaryColor: colour }))).toEqual({});
    for (const colour of ["red", "#abcd", "#12", "a1b2c3", "#a1b2c3)", "url(x)", "#a1b2c3; color: red", "rgb(1, 2, 3)"]) {
      expect(validateDraft(draft({ bgColorTwo: colour }))).toEqual({ bgColorTwo: "invalidColour" });
    }
  });

  it("takes fonts 0 to 10 only", () => {
    expect(validateDraft(draft({ font: 0 }))).toEqual({});
    expect(validateDraft(draft({ font: 10 }))).toEqual({});
    expect(validateDraft(draft({ font: 11 }))).toEqual({ font: "invalidFont" });
    expect(validateDraft(draft({ font: -1 }))).toEqual({ font: "invalidFont" });
    expect(validateDraft(draft({ font: 1.5 }))).toEqual({ font: "invalidFont" });
  });

  it("sends only what changed, an emptied field as null", () => {
    expect(profileChanges(saved, draft())).toEqual({});
    expect(hasUnsavedChanges(saved, draft())).toBe(false);
    expect(profileChanges(saved, draft({ bio: "new", bgColorTwo: "#445566", primaryColor: "", font: 0 }))).toEqual({
      bio: "new",
      bgColorTwo: "#445566",
      primaryColor: null,
      font: 0,
    });
    expect(profileChanges(saved, draft({ bio: "   " }))).toEqual({ bio: null });
    expect(profileChanges(null, draftFromProfile(null))).toEqual({});
  });

  it("counts a banner choice as a change", () => {
    expect(hasUnsavedChanges(saved, draft({ banner: { kind: "remove" } }))).toBe(true);
  });

  it("previews only colours that would be accepted", () => {
    expect(previewProfile(draft({ bgColorOne: "#12", primaryColor: "url(x)", bio: "" }))).toEqual({
      bio: null,
      bgColorOne: null,
      bgColorTwo: null,
      primaryColor: null,
      font: 2,
    });
    expect(previewProfile(draft({ bgColorTwo: "#445566" })).bgColorTwo).toBe("#445566");
  });
});
