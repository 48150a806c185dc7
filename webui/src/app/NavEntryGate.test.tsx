import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NavEntryGate } from "./NavEntryGate";

afterEach(cleanup);

const entry = (useVisible?: () => boolean) => ({ id: "x", to: "x", icon: "home" as const, label: () => "X", useVisible });

describe("NavEntryGate", () => {
  it("shows entries without a visibility hook, and hides those whose hook says no", () => {
    render(
      <>
        <NavEntryGate entry={entry()}><span>always</span></NavEntryGate>
        <NavEntryGate entry={entry(() => true)}><span>staff</span></NavEntryGate>
        <NavEntryGate entry={entry(() => false)}><span>hidden</span></NavEntryGate>
      </>,
    );
    expect(screen.queryByText("always")).toBeTruthy();
    expect(screen.queryByText("staff")).toBeTruthy();
    expect(screen.queryByText("hidden")).toBeNull();
  });
});
