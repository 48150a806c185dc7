import { describe, expect, it } from "vitest";
import type { ServerRole } from "../../servers/web/public";
import { applyChoice, assignableRoles, draftFrom, errorField, moveAnswer, toggleRole, updateBody } from "./editor";
import type { WelcomeQuestion } from "./types";

const role = (id: string, order: number, extra: Partial<ServerRole> = {}): ServerRole => ({ id, serverId: "s1", name: `Role ${id}`, order, permissions: 0, ...extra });

const question = (multiselect: boolean): WelcomeQuestion => ({
  id: "q1",
  serverId: "s1",
  title: "Colour?",
  multiselect,
  order: 1,
  answers: [
    { id: "a1", title: "Red", roleIds: ["r1"], order: 0, _count: { answeredUsers: 3 }, answered: true },
    { id: "a2", title: "Blue", roleIds: ["r2"], order: 1, _count: { answeredUsers: 1 }, answered: false },
  ],
});

describe("question editor draft", () => {
  it("starts from the answers in their order and sends positions as order", () => {
    const draft = draftFrom({ answers: [{ id: "b", title: "Second", roleIds: [], order: 4 }, { id: "a", title: "First", roleIds: ["r1"], order: 0 }] });
    expect(draft.map((answer) => answer.id)).toEqual(["a", "b"]);
    const moved = moveAnswer(draft, 1, -1);
    expect(updateBody("  Who?  ", true, [...moved, { key: "new-1", title: " New ", roleIds: [] }])).toEqual({
      title: "Who?",
      multiselect: true,
      answers: [
        { id: "b", title: "Second", order: 0, roleIds: [] },
        { id: "a", title: "First", order: 1, roleIds: ["r1"] },
        { title: "New", order: 2, roleIds: [] },
      ],
    });
  });

  it("does not move past either end", () => {
    expect(moveAnswer(["a", "b"], 0, -1)).toEqual(["a", "b"]);
    expect(moveAnswer(["a", "b"], 1, 1)).toEqual(["a", "b"]);
  });

  it("toggles roles up to five", () => {
    const five = ["1", "2", "3", "4", "5"];
    expect(toggleRole(five, "6")).toEqual(five);
    expect(toggleRole(five, "3")).toEqual(["1", "2", "4", "5"]);
    expect(toggleRole([], "1")).toEqual(["1"]);
  });

  it("offers the server's roles except the default role and bot roles, highest first", () => {
    const roles = { d: role("d", 1), low: role("low", 2), high: role("high", 4), bot: role("bot", 3, { botRole: true }), other: role("other", 5, { serverId: "s2" }) };
    expect(assignableRoles(roles, "s1", "d").map((item) => item.id)).toEqual(["high", "low"]);
  });

  it("places server errors under the field their path names", () => {
    expect(errorField("title")).toBe("title");
    expect(errorField("answers[2].title")).toBe("answer.2.title");
    expect(errorField("answers[0].roleIds")).toBe("answer.0.roleIds");
    expect(errorField("answers[1].roleIds[3]")).toBe("answer.1.roleIds");
    expect(errorField(null)).toBeNull();
    expect(errorField("somewhere")).toBeNull();
  });
});

describe("answering", () => {
  it("swaps the previous choice of a single-select question", () => {
    const [after] = applyChoice([question(false)], "a2", true);
    expect(after!.answers.map((answer) => [answer.answered, answer._count?.answeredUsers])).toEqual([
      [false, 2],
      [true, 2],
    ]);
  });

  it("keeps other choices of a multiselect question", () => {
    const [after] = applyChoice([question(true)], "a2", true);
    expect(after!.answers.map((answer) => answer.answered)).toEqual([true, true]);
  });

  it("takes back a choice", () => {
    const [after] = applyChoice([question(false)], "a1", false);
    expect(after!.answers.map((answer) => [answer.answered, answer._count?.answeredUsers])).toEqual([
      [false, 2],
      [false, 1],
    ]);
  });

  it("leaves other questions alone", () => {
    const other = { ...question(false), id: "q2", answers: [{ id: "x", title: "X", roleIds: [], order: 0, answered: true }] };
    expect(applyChoice([question(false), other], "a2", true)[1]).toBe(other);
  });
});
