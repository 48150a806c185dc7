/** /app/explore/servers: public servers as cards, with sort, filter, search, join and bump. */
import { cdnUrl } from "@hearth/api/cdn";
import { initialsColours } from "@hearth/ui/colour";
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { Icon } from "@hearth/ui/Icon";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { bannerStyle } from "@hearth/ui/safeStyle";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { initials, useServersStore } from "../../servers/web/public";
import { bump, bumpWait, errorText, joinPublicServer, listServers, PAGE_SIZE } from "./exploreApi";
import { ExploreTabs } from "./ExploreTabs";
import { mergeListing, splitWait } from "./format";
import { t } from "./i18n";
import type { ExploreFilter, ExploreItem, ExploreQuery, ExploreSort } from "./types";
import "./explore.css";

const SORTS: ExploreSort[] = ["most_members", "most_bumps", "most_active", "recently_added", "recently_bumped"];
const FILTERS: ExploreFilter[] = ["all", "verified"];
/** How long a join waits for `server:joined` before opening the server page anyway. */
const JOIN_EVENT_WAIT_MS = 5000;

type Listing = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; items: ExploreItem[]; more: boolean };

export function ServerCard({ item, onChange }: { item: ExploreItem; onChange: (item: ExploreItem) => void }) {
  const server = item.server!;
  const joined = useServersStore((state) => Boolean(state.servers[server.id]));
  const navigate = useNavigate();
  const [joining, setJoining] = useState(false);
  const [bumping, setBumping] = useState(false);
  const [bumped, setBumped] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = `/app/servers/${server.id}`;
  const nameId = useId();
  const fallback = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(fallback.current), []);

  // The join reply and `server:joined` may come in either order: open the server once it is in the store.
  useEffect(() => {
    if (joining && joined) navigate(open);
  }, [joining, joined, navigate, open]);

  const join = async () => {
    setJoining(true);
    setError(null);
    try {
      await joinPublicServer(server.id);
      fallback.current = setTimeout(() => navigate(open), JOIN_EVENT_WAIT_MS);
    } catch (failure) {
      setError(errorText(failure, t("errors.generic")));
      setJoining(false);
    }
  };

  const bumpNow = async () => {
    setBumping(true);
    setError(null);
    try {
      onChange(mergeListing(item, await bump(item.id)));
      setBumped(true);
    } catch (failure) {
      setError(errorText(failure, t("errors.generic")));
    } finally {
      setBumping(false);
    }
  };

  const wait = bumpWait(item);
  const count = server._count.serverMembers;
  return (
    <li className="card explore-card" data-testid="explore-card" data-server-id={server.id}>
      <div
        className="explore-card__banner"
        style={bannerStyle(server.banner, server.hexColor)}
      />
      {server.avatar ? (
        <img className="explore-card__avatar" src={cdnUrl(server.avatar)} alt="" />
      ) : (
        <span className="explore-card__avatar" style={initialsColours(server.hexColor)} aria-hidden="true">
          {initials(server.name)}
        </span>
      )}
      <div className="explore-card__body">
        <h2 className="explore-card__name">
          <span id={nameId} data-testid="explore-card-name">{server.name}</span>
          {server.verified && (
            <span className="explore-card__verified" role="img" aria-label={t("card.verified")} title={t("card.verified")}>
              <Icon name="check" size={18} />
            </span>
          )}
        </h2>
        <p className="explore-card__meta muted">
          <span>{t("card.members", { count })}</span>
          <span>{t("card.bumps", { count: item.bumpCount })}</span>
          <span>{t("card.lifetimeBumps", { count: item.lifetimeBumpCount })}</span>
        </p>
        <p className="explore-card__description">{item.description}</p>
        <FormError message={error} />
        <div className="explore-card__actions">
          {joined && (
            <Button
              loading={bumping}
              disabled={wait > 0}
              title={wait > 0 ? t("card.bumpWait", { time: t("card.wait", splitWait(wait)) }) : undefined}
              onClick={() => void bumpNow()}
            >
              {bumped ? t("card.bumped") : wait > 0 ? t("card.bumpWait", { time: t("card.wait", splitWait(wait)) }) : t("card.bump")}
            </Button>
          )}
          {joined && !joining ? (
            <Link className="button button--primary" to={open} aria-describedby={nameId}>
              {t("card.joined")} · {t("card.open")}
            </Link>
          ) : (
            <Button variant="primary" loading={joining} onClick={() => void join()}>
              {t("card.join")}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

export default function ExplorePage() {
  const [query, setQuery] = useState<ExploreQuery>({ sort: "most_members", filter: "all", search: "" });
  const [searchText, setSearchText] = useState("");
  const [listing, setListing] = useState<Listing>({ status: "loading" });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    const timer = setTimeout(() => setQuery((current) => (current.search === searchText ? current : { ...current, search: searchText })), 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const load = useCallback(async () => {
    const call = ++latest.current;
    setListing({ status: "loading" });
    setMoreError(null);
    try {
      const items = await listServers(query);
      if (call === latest.current) setListing({ status: "ready", items, more: items.length === PAGE_SIZE });
    } catch (failure) {
      if (call === latest.current) setListing({ status: "failed", message: errorText(failure, t("errors.generic")) });
    }
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  const loadMore = async () => {
    if (listing.status !== "ready") return;
    const call = latest.current;
    setLoadingMore(true);
    setMoreError(null);
    try {
      // most_active pages by offset, every other sort by the last listing's id (rest.md §6.1).
      const after = query.sort === "most_active" ? String(listing.items.length) : listing.items[listing.items.length - 1]?.id;
      const items = await listServers(query, after);
      if (call === latest.current) setListing({ status: "ready", items: [...listing.items, ...items], more: items.length === PAGE_SIZE });
    } catch (failure) {
      setMoreError(errorText(failure, t("errors.generic")));
    } finally {
      setLoadingMore(false);
    }
  };

  const replace = (item: ExploreItem) =>
    setListing((current) => (current.status === "ready" ? { ...current, items: current.items.map((entry) => (entry.id === item.id ? item : entry)) } : current));

  return (
    <div className="explore-page" data-testid="explore-page">
      <LayoutSlot name="headerTitle">{t("page.title")}</LayoutSlot>
      <ExploreTabs />
      <form className="explore-controls" role="search" aria-label={t("controls.label")} onSubmit={(event) => event.preventDefault()}>
        <label className="field explore-controls__search">
          <span className="field__label">{t("controls.search")}</span>
          <input className="field__input" type="search" maxLength={100} placeholder={t("controls.searchPlaceholder")} value={searchText} onChange={(event) => setSearchText(event.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">{t("controls.sort")}</span>
          <select className="field__input" value={query.sort} onChange={(event) => setQuery({ ...query, sort: event.target.value as ExploreSort })}>
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sort.${sort}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t("controls.filter")}</span>
          <select className="field__input" value={query.filter} onChange={(event) => setQuery({ ...query, filter: event.target.value as ExploreFilter })}>
            {FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`filter.${filter}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p className="notice">{t("page.notice", { hours: 3 })}</p>
      <p className="muted">{t("page.warning")}</p>
      {listing.status === "loading" && <PaneLoading label={t("page.loading")} />}
      {listing.status === "failed" && (
        <div className="stack">
          <FormError message={listing.message} />
          <div>
            <Button onClick={() => void load()}>{t("page.retry")}</Button>
          </div>
        </div>
      )}
      {listing.status === "ready" && listing.items.length === 0 && <p className="muted">{t("page.empty")}</p>}
      {listing.status === "ready" && listing.items.length > 0 && (
        <>
          <ul className="explore-grid" aria-label={t("page.title")}>
            {listing.items
              .filter((item) => item.server)
              .map((item) => (
                <ServerCard key={item.id} item={item} onChange={replace} />
              ))}
          </ul>
          <FormError message={moreError} />
          {listing.more && (
            <div className="explore-more">
              <Button loading={loadingMore} onClick={() => void loadMore()}>
                {loadingMore ? t("page.loadingMore") : t("page.loadMore")}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
