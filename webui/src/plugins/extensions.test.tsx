import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ClanTag,
  ComposerButtons,
  MainPaneBars,
  openDirectMessage,
  openUserCard,
  PresenceIndicator,
  registerExtensions,
  useExtensionStore,
} from "./extensions";

beforeEach(() => useExtensionStore.setState({}, true));

afterEach(cleanup);

describe("extension points", () => {
  it("do nothing without a provider", async () => {
    const { container } = render(
      <>
        <PresenceIndicator userId="1" size={20} />
        <ClanTag userId="1" clan={{ tag: "HRTH", icon: "x.png" }} />
      </>,
    );
    expect(container.innerHTML).toBe("");
    expect(() => openUserCard({ userId: "1", anchor: new DOMRect() })).not.toThrow();
    await expect(openDirectMessage("1")).rejects.toMatchObject({ message: expect.any(String) });
  });

  it("use what a plugin provides", async () => {
    const openCard = vi.fn();
    registerExtensions({
      PresenceIndicator: ({ userId }) => <span data-testid="dot">{userId}</span>,
      openUserCard: openCard,
      openDirectMessage: async (userId) => `/app/inbox/${userId}`,
    });
    registerExtensions({ ClanTag: ({ userId, clan }) => <span data-testid="clan">{`${userId} ${clan?.tag}`}</span> });
    const { getByTestId } = render(
      <>
        <PresenceIndicator userId="7" size={20} />
        <ClanTag userId="7" clan={{ tag: "HRTH", icon: "x.png" }} />
      </>,
    );
    expect(getByTestId("dot").textContent).toBe("7");
    expect(getByTestId("clan").textContent).toBe("7 HRTH");
    openUserCard({ userId: "7", anchor: new DOMRect() });
    expect(openCard).toHaveBeenCalledWith({ userId: "7", anchor: expect.any(DOMRect) });
    await expect(openDirectMessage("7")).resolves.toBe("/app/inbox/7");
  });

  it("join the main-pane bars of several plugins", () => {
    registerExtensions({ MainPaneBars: [() => <p>first</p>] });
    registerExtensions({ MainPaneBars: [() => <p>second</p>], openDirectMessage: async () => "/app" });
    const { container } = render(<MainPaneBars />);
    expect(container.textContent).toBe("firstsecond");
  });

  it("join the composer buttons of several plugins and hand them the channel", () => {
    const send = vi.fn();
    registerExtensions({ ComposerButtons: [({ channelId }) => <button type="button">a{channelId}</button>] });
    registerExtensions({ ComposerButtons: [({ send: give }) => <button type="button" onClick={() => give("hi")}>b</button>] });
    const { container, getByText } = render(<ComposerButtons channelId="5" send={send} />);
    expect(container.textContent).toBe("a5b");
    getByText("b").click();
    expect(send).toHaveBeenCalledWith("hi");
  });
});
