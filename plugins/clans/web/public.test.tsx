import { clearSlots, fillSlots } from "@hearth/plugins/slots";
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ClanTag, clanSlots } from "./public";

beforeEach(clearSlots);

afterEach(cleanup);

describe("the clan tag's slot", () => {
  it("draws nothing without the clans bundle, and its tag with it", () => {
    const { container, rerender } = render(<ClanTag userId="7" clan={{ tag: "HRTH", icon: "x.png" }} />);
    expect(container.innerHTML).toBe("");
    fillSlots([clanSlots.tag.fill(({ userId, clan }) => <span>{`${userId} ${clan?.tag}`}</span>)]);
    rerender(<ClanTag userId="7" clan={{ tag: "HRTH", icon: "x.png" }} />);
    expect(container.textContent).toBe("7 HRTH");
  });
});
