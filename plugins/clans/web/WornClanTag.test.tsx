import { registerTranslations } from "@hearth/i18n/i18n";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useServersStore } from "../../servers/web/public";
import { server } from "../../servers/web/testData";
import enGb from "./en-gb.json";
import { WornClanTag } from "./WornClanTag";
import { resetWornClans, selfUpdated, serverClanUpdated, userUpdated, wornClanChanged } from "./wornClans";

const hearth = { tag: "HRTH", icon: "avatars/s1/1.png", serverId: "s1" };
const other = { tag: "OTHR", icon: "avatars/s2/2.png", serverId: "s2" };

const shown = () => screen.queryByTestId("clan-badge")?.textContent ?? null;

beforeEach(() => {
  registerTranslations("en-gb", "clans", enGb);
  resetWornClans();
});

afterEach(cleanup);

describe("the clan tag beside a name", () => {
  it("shows the loaded clan, with its icon and a title, and nothing without one", () => {
    const { rerender } = render(<WornClanTag userId="u1" clan={hearth} />);
    expect(shown()).toBe("HRTH");
    expect(screen.getByTestId("clan-badge").getAttribute("title")).toBe("Clan HRTH");
    expect(screen.getByRole("presentation", { hidden: true }).getAttribute("src")).toBe("/cdn/avatars/s1/1.png");
    rerender(<WornClanTag userId="u1" clan={null} />);
    expect(shown()).toBeNull();
  });

  it("follows user:updated: a clan put on, changed and taken off", () => {
    render(<WornClanTag userId="u1" clan={null} />);
    act(() => userUpdated({ userId: "u1", updated: { profile: { font: null, clan: hearth } } as never }));
    expect(shown()).toBe("HRTH");
    act(() => userUpdated({ userId: "u2", updated: { profile: { clan: other } } }));
    act(() => userUpdated({ userId: "u1", updated: {} })); // a rename says nothing of the clan
    expect(shown()).toBe("HRTH");
    act(() => userUpdated({ userId: "u1", updated: { profile: { clan: null } } }));
    expect(shown()).toBeNull();
  });

  it("follows server:clan_updated for everyone wearing that server's clan", () => {
    render(
      <>
        <WornClanTag userId="u1" clan={hearth} />
        <WornClanTag userId="u2" clan={other} />
      </>,
    );
    act(() => serverClanUpdated({ serverId: "s1", clan: { tag: "NEW", icon: "avatars/s1/3.png" } }));
    expect(screen.getAllByTestId("clan-badge").map((badge) => badge.textContent)).toEqual(["NEW", "OTHR"]);
    act(() => serverClanUpdated({ serverId: "s1", clan: null }));
    expect(screen.getAllByTestId("clan-badge").map((badge) => badge.textContent)).toEqual(["OTHR"]);
  });

  it("keeps a deleted clan off what was loaded before, even once the server makes a new one", () => {
    render(
      <>
        <WornClanTag userId="u1" clan={hearth} />
        <WornClanTag userId="u2" clan={null} />
      </>,
    );
    act(() => wornClanChanged("u2", hearth));
    act(() => serverClanUpdated({ serverId: "s1", clan: null })); // takes it off every profile
    act(() => serverClanUpdated({ serverId: "s1", clan: { tag: "AGN", icon: "avatars/s1/4.png" } }));
    expect(shown()).toBeNull();
    // Wearing it again afterwards shows (user:updated came after the deletion).
    act(() => userUpdated({ userId: "u2", updated: { profile: { clan: { ...hearth, tag: "AGN" } } } }));
    expect(shown()).toBe("AGN");
  });

  it("resolves this user's own choice (user:updatedSelf carries only clanServerId) from their servers", () => {
    useSelfUserStore.setState({ user: { id: "me", username: "me", tag: "0001", badges: 0 } });
    useServersStore.setState({ servers: { s1: server({ clan: { tag: "HRTH", icon: "avatars/s1/1.png" } }) } });
    render(<WornClanTag userId="me" clan={null} />);
    act(() => selfUpdated({ profile: { clanServerId: "s1" } }));
    expect(shown()).toBe("HRTH");
    act(() => selfUpdated({ profile: { clanServerId: null } }));
    expect(shown()).toBeNull();
  });

  it("starts afresh on user:authenticated", () => {
    render(<WornClanTag userId="u1" clan={hearth} />);
    act(() => userUpdated({ userId: "u1", updated: { profile: { clan: null } } }));
    expect(shown()).toBeNull();
    act(() => resetWornClans());
    expect(shown()).toBe("HRTH");
  });
});
