/** /app/explore/bots: published bots as cards, with sort, filter and search; "Add" opens the bot's invite page. */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { describeError } from "@hearth/api/requestErrors";
import { Avatar } from "@hearth/ui/Avatar";
import { BotTag } from "@hearth/ui/BotTag";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { bannerStyle } from "@hearth/ui/safeStyle";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ExploreTabs } from "../../../explore/web/public";
import { BOT_PAGE_SIZE, listBots } from "../applicationsApi";
import { t } from "../i18n";
import type { BotFilter, BotListing, BotSort } from "../types";
import "../applications.css";

const SORTS: BotSort[] = ["most_members", "most_bumps", "recently_added", "recently_bumped"];
const FILTERS: BotFilter[] = ["all", "online_bots", "offline_bots"];

type Listing = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; items: BotListing[]; more: boolean };

function BotCardView({ item }: { item: BotListing }) {
  const bot = item.botApplication.botUser;
  const creator = item.botApplication.creatorAccount.user;
  const servers = bot._count.servers;
  return (
    <li className="card explore-bot" data-testid="explore-bot-card">
      <div className="explore-bot__banner" style={bannerStyle(bot.banner, bot.hexColor)} />
      <div className="explore-bot__body">
        <div className="explore-bot__head">
          <Avatar user={bot} size={56} />
          <h3 className="explore-bot__name">
            <span>{bot.username}</span> <BotTag />
          </h3>
        </div>
        <p className="explore-bot__meta muted">
          <span className={bot.online ? "explore-bot__online" : undefined}>{bot.online ? t("explore.online") : t("explore.offline")}</span>
          <span>{t("explore.servers", { count: servers })}</span>
          {creator && <span>{t("explore.by", { user: creator.username })}</span>}
        </p>
        <p className="explore-bot__description">{item.description}</p>
        <div className="developer-card__actions">
          <Link className="button button--primary" to={`/app/bot/${encodeURIComponent(item.botApplicationId)}?perms=${item.botPermissions ?? 0}`}>
            {t("explore.add")}
          </Link>
        </div>
      </div>
    </li>
  );
}

export default function ExploreBotsPage() {
  const [sort, setSort] = useState<BotSort>("most_members");
  const [filter, setFilter] = useState<BotFilter>("all");
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [listing, setListing] = useState<Listing>({ status: "loading" });
  const [loadingMore, setLoadingMore] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText), 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const load = useCallback(async () => {
    const call = ++latest.current;
    setListing({ status: "loading" });
    try {
      const items = await listBots({ sort, filter, search });
      if (call === latest.current) setListing({ status: "ready", items, more: items.length === BOT_PAGE_SIZE });
    } catch (failure) {
      if (call === latest.current) setListing({ status: "failed", message: describeError(failure) });
    }
  }, [sort, filter, search]);

  useEffect(() => {
    void load();
  }, [load]);

  const loadMore = async () => {
    if (listing.status !== "ready") return;
    const call = latest.current;
    setLoadingMore(true);
    try {
      const items = await listBots({ sort, filter, search }, listing.items[listing.items.length - 1]?.id);
      if (call === latest.current) setListing({ status: "ready", items: [...listing.items, ...items], more: items.length === BOT_PAGE_SIZE });
    } catch (failure) {
      setListing({ status: "failed", message: describeError(failure) });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="explore-bots" data-testid="explore-bots-page">
      <LayoutSlot name="headerTitle">{t("explore.title")}</LayoutSlot>
      <ExploreTabs />
      <form className="explore-bots__controls" role="search" aria-label={t("explore.controls")} onSubmit={(event) => event.preventDefault()}>
        <label className="field">
          <span className="field__label">{t("explore.search")}</span>
          <input className="field__input" type="search" maxLength={100} value={searchText} onChange={(event) => setSearchText(event.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">{t("explore.sort")}</span>
          <select className="field__input" value={sort} onChange={(event) => setSort(event.target.value as BotSort)}>
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`explore.sorts.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t("explore.filter")}</span>
          <select className="field__input" value={filter} onChange={(event) => setFilter(event.target.value as BotFilter)}>
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`explore.filters.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </form>
      {listing.status === "loading" && <PaneLoading label={t("common.loading")} />}
      {listing.status === "failed" && (
        <div className="stack">
          <FormError message={listing.message} />
          <div>
            <Button onClick={() => void load()}>{t("common.retry")}</Button>
          </div>
        </div>
      )}
      {listing.status === "ready" && listing.items.length === 0 && <p className="muted">{t("explore.empty")}</p>}
      {listing.status === "ready" && listing.items.length > 0 && (
        <>
          <ul className="explore-bots__grid" aria-label={t("explore.title")}>
            {listing.items.map((item) => (
              <BotCardView key={item.id} item={item} />
            ))}
          </ul>
          {listing.more && (
            <div className="developer-card__actions">
              <Button loading={loadingMore} onClick={() => void loadMore()}>
                {t("explore.more")}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
