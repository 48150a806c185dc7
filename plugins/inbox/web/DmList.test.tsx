// @vitest-environment jsdom
import { registerTranslations } from "@hearth/i18n/i18n";
import * as urgent from "@hearth/navigation/urgentNavigation";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useReadState } from "../../messages/web/public";
import { DmList } from "./DmList";
import enGb from "./en-gb.json";
import { inboxAuthenticated } from "./inboxStore";
import type { Inbox } from "./types";

const inbox = (channelId: string, username: string): Inbox => ({
  id: `i-${channelId}`,
  createdById: "me",
  recipientId: `u-${channelId}`,
  channelId,
  closed: false,
  createdAt: 1,
  lastSeen: 5,
  recipient: { id: `u-${channelId}`, username, tag: "T000" },
});

beforeEach(() => {
  registerTranslations("en-gb", "inbox", enGb);
  useReadState.setState({ channels: {}, mentions: {}, lastSeen: {} });
  inboxAuthenticated([inbox("a", "ann"), inbox("b", "ben")]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const clickBen = (at: string) => {
  const drawn = vi.spyOn(urgent, "drawNavigationAtOnce");
  render(
    <MemoryRouter initialEntries={[at]}>
      <DmList />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole("link", { name: /ben/ }));
  return drawn;
};

describe("DmList", () => {
  it("asks for a click from one conversation to another to be drawn at once", () => {
    expect(clickBen("/app/inbox/a")).toHaveBeenCalledTimes(1);
  });

  it("leaves a click from elsewhere to the router's transition (the inbox page may still be loading)", () => {
    expect(clickBen("/app")).not.toHaveBeenCalled();
  });
});
