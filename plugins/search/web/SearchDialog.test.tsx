import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerTranslations } from "@hearth/i18n/i18n";
import { usePluginStore } from "@hearth/plugins/pluginStore";
import enGb from "./en-gb.json";
import { SearchDialog } from "./SearchDialog";

const api = vi.hoisted(() => ({ searchMessages: vi.fn(), searchPosts: vi.fn(), searchPeople: vi.fn() }));
vi.mock("./searchApi", () => api);

const post = {
  id: "42",
  content: "the blue whale",
  createdAt: 0,
  commentToId: null,
  createdBy: { id: "7", username: "ann", tag: "A000" },
};

function show(context = {}) {
  const close = vi.fn();
  const navigate = vi.fn();
  render(<SearchDialog context={context} close={close} navigate={navigate} />);
  return { close, navigate, box: screen.getByTestId("search-box") };
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn(); // jsdom lays nothing out
  registerTranslations("en-gb", "search", enGb);
  usePluginStore.setState({ loadedIds: ["posts", "social"] });
  api.searchMessages.mockResolvedValue({ results: [], channels: {}, cursor: null });
  api.searchPosts.mockResolvedValue({ results: [{ post, highlights: [[9, 14]] }], cursor: null });
  api.searchPeople.mockResolvedValue([{ id: "7", username: "ann", tag: "A000" }]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  usePluginStore.setState({ loadedIds: [] });
});

describe("the search dialog", () => {
  it("opens in a server channel on the server with in:<channel> typed", () => {
    const { box } = show({ serverId: "1", channelId: "2", channelName: "off topic" });
    expect(box).toHaveProperty("value", 'in:"off topic" ');
    expect(screen.getByRole("radio", { name: "This server" })).toHaveProperty("checked", true);
    expect(screen.queryByRole("radio", { name: "This channel" })).toBeNull();
  });

  it("offers the channel itself in a DM", () => {
    const { box } = show({ channelId: "9" });
    expect(box).toHaveProperty("value", "");
    expect(screen.getByRole("radio", { name: "This channel" })).toHaveProperty("checked", true);
  });

  it("finds a post from the Posts tab and opens it", async () => {
    const { box, navigate, close } = show();
    fireEvent.change(box, { target: { value: "whale" } });
    fireEvent.click(screen.getByRole("tab", { name: "Posts" }));
    expect(api.searchPosts).toHaveBeenCalledWith({ q: "whale", sort: "relevance", cursor: undefined });
    const found = await screen.findByTestId("search-post");
    expect(found.querySelector("mark")?.textContent).toBe("whale");
    expect(screen.getByRole("tab", { name: "Posts" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(close).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith("/app?postId=42");
  });

  it("takes the filters a tab does not take out of the box on the way to it", () => {
    const { box } = show({ serverId: "1", channelId: "2", channelName: "general" });
    fireEvent.change(box, { target: { value: "in:general whale from:ann" } });
    fireEvent.click(screen.getByRole("tab", { name: "Posts" }));
    expect(box).toHaveProperty("value", "whale from:ann");
    expect(api.searchPosts).toHaveBeenCalledWith({ q: "whale from:ann", sort: "relevance", cursor: undefined });
    fireEvent.click(screen.getByRole("tab", { name: "People" }));
    expect(box).toHaveProperty("value", "whale ");
  });

  it("finds a person from the People tab and opens their profile", async () => {
    const { box, navigate } = show();
    fireEvent.click(screen.getByRole("tab", { name: "People" }));
    fireEvent.change(box, { target: { value: "an" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(api.searchPeople).toHaveBeenCalledWith("an");
    fireEvent.click(await screen.findByTestId("search-person"));
    expect(navigate).toHaveBeenCalledWith("/app/profile/7");
  });

  it("shows only the tabs of loaded plugins", () => {
    usePluginStore.setState({ loadedIds: [] });
    show();
    expect(screen.queryByRole("tab")).toBeNull();
  });
});
