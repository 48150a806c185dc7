import { registerTranslations } from "@hearth/i18n/i18n";
import { usePluginStore } from "@hearth/plugins/pluginStore";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import enGb from "./en-gb.json";
import NotFoundPage from "./NotFoundPage";

function renderAt(path: string, loadedIds: string[]) {
  usePluginStore.setState({ loadedIds });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app/moderation" element={<p>servers tab</p>} />
        <Route path="/app/moderation/users" element={<p>users tab</p>} />
        <Route path="/app/moderation/*" element={<NotFoundPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  registerTranslations("en-gb", "moderation", enGb);
  useSelfUserStore.setState({ user: { id: "1", username: "chief", tag: "AD01", badges: 2 } as never });
});
afterEach(() => {
  cleanup();
  usePluginStore.setState({ loadedIds: [] });
  useSelfUserStore.setState({ user: null });
});

describe("unknown moderation addresses", () => {
  it("lead /app/moderation/servers to the servers tab (the users tab without the servers plugin)", () => {
    renderAt("/app/moderation/servers", ["moderation", "servers"]);
    expect(screen.getByText("servers tab")).toBeTruthy();
    cleanup();
    renderAt("/app/moderation/servers/", ["moderation"]);
    expect(screen.getByText("users tab")).toBeTruthy();
  });

  it("say so inside the moderation area for any other path", () => {
    renderAt("/app/moderation/nothing/here", ["moderation", "servers"]);
    expect(screen.getByTestId("moderation-not-found").textContent).toContain("There is no moderation page at this address.");
    expect(screen.getByRole("navigation", { name: "Moderation sections" })).toBeTruthy();
  });
});
