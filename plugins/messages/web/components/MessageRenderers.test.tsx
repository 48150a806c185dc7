import { registerTranslations } from "@hearth/i18n/i18n";
import { usePluginStore } from "@hearth/plugins/pluginStore";
import type { RenderedMessage } from "@hearth/plugins/pluginTypes";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import enGb from "../en-gb.json";
import { message } from "../store/testUtils";
import { MessageItem } from "./MessageItem";
import { PaneContext, type PaneContextValue } from "./paneContext";

registerTranslations("en-gb", "messages", enGb);

const pane: PaneContextValue = {
  serverId: null,
  channelId: "c1",
  selfId: "someone",
  permissions: { send: true, pin: false, manage: false },
  mentions: undefined,
  findUser: () => undefined,
  jumpTo: () => undefined,
  reply: () => undefined,
  edit: () => undefined,
  remove: () => undefined,
  markUnread: () => undefined,
  focusComposer: () => undefined,
};

function Poll({ message: shown }: { message: RenderedMessage }) {
  return <p>poll by {shown.createdBy.username}: {shown.content}</p>;
}

const show = (type: number) =>
  render(
    <MemoryRouter>
      <PaneContext.Provider value={pane}>
        <MessageItem message={message({ type, content: "Tea or coffee?" })} grouped={false} highlighted={false} />
      </PaneContext.Provider>
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  usePluginStore.setState({ messageRenderers: {} });
});

describe("message renderers contributed by plugins", () => {
  it("draw the message types their plugin owns", () => {
    usePluginStore.setState({ messageRenderers: { 42: Poll } });
    show(42);
    expect(screen.getByText("poll by ada: Tea or coffee?")).toBeTruthy();
  });

  it("leave an unknown type 'unsupported' and cannot take over the messages plugin's own types", () => {
    usePluginStore.setState({ messageRenderers: { 0: Poll, 1: Poll } });
    show(43);
    expect(screen.getByText(enGb.message.unsupported)).toBeTruthy();
    cleanup();
    show(0);
    expect(screen.getByText("Tea or coffee?")).toBeTruthy();
    expect(screen.queryByText(/poll by/)).toBeNull();
  });

  it("show a bot command the composer sent without the bot's id", () => {
    render(
      <MemoryRouter>
        <PaneContext.Provider value={pane}>
          <MessageItem message={message({ type: 0, content: "/poll:1843058937612046336 Tea or coffee?" })} grouped={false} highlighted={false} />
        </PaneContext.Provider>
      </MemoryRouter>,
    );
    expect(screen.getByText("/poll Tea or coffee?")).toBeTruthy();
    expect(screen.queryByText(/1843058937612046336/)).toBeNull();
  });
});

