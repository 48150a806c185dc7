import { LayoutSlot } from "@hearth/app/layoutSlots";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { t } from "./i18n";
import { Composer } from "./Composer";
import { PostItem } from "./PostItem";
import { PostList } from "./PostList";
import { listKeys, loadMore, prependToList, resetList, useList } from "./postStore";
import { PostView } from "./PostView";
import type { DiscoverSort } from "./types";
import "./posts.css";

type Tab = "following" | "discover";
const SORTS: Array<{ sort: DiscoverSort; label: () => string }> = [
  { sort: "mostLiked7Days", label: () => t("discover.week") },
  { sort: "mostLiked30days", label: () => t("discover.month") },
  { sort: "mostLikedAllTime", label: () => t("discover.allTime") },
  { sort: "latest", label: () => t("discover.latest") },
];

function Announcements() {
  const list = useList(listKeys.announcements);
  useEffect(() => {
    if (!list.done && !list.loading) void loadMore(listKeys.announcements);
  }, [list.done, list.loading]);
  if (!list.ids.length) return null;
  return (
    <div className="announcements" data-testid="announcements">
      {list.ids.map((id) => <PostItem key={id} postId={id} badge={t("feed.announcement")} />)}
    </div>
  );
}

/** The dashboard (/app): composer, "Following" and "Discover" lists; `?postId=` opens a post. */
export default function HomeFeed() {
  const [params, setParams] = useSearchParams();
  const openPostId = params.get("postId");
  const [tab, setTab] = useState<Tab>("following");
  const [sort, setSort] = useState<DiscoverSort>("mostLiked7Days");

  if (openPostId) return <PostView postId={openPostId} onClose={() => setParams({})} />;

  const key = tab === "following" ? listKeys.feed : listKeys.discover(sort);
  return (
    <div className="posts-home" data-testid="home-feed">
      <LayoutSlot name="headerTitle">{t("feed.title")}</LayoutSlot>
      <div className="posts-home__column">
        <Composer onPosted={(post) => prependToList(listKeys.feed, post)} />
        <div className="posts-tabs" role="tablist" aria-label={t("feed.tabs")}>
          {(["following", "discover"] as const).map((name) => (
            <button key={name} type="button" role="tab" aria-selected={tab === name}
              className={`posts-tabs__tab${tab === name ? " posts-tabs__tab--active" : ""}`}
              onClick={() => {
                if (name === tab) resetList(key); // a second press refreshes
                setTab(name);
              }}>
              {name === "following" ? t("feed.following") : t("feed.discover")}
            </button>
          ))}
          {tab === "discover" && (
            <select className="field__input posts-tabs__sort" aria-label={t("discover.sortLabel")} value={sort}
              onChange={(event) => setSort(event.target.value as DiscoverSort)}>
              {SORTS.map((entry) => <option key={entry.sort} value={entry.sort}>{entry.label()}</option>)}
            </select>
          )}
        </div>
        <PostList key={key} listKey={key} label={tab === "following" ? t("feed.following") : t("feed.discover")}
          empty={tab === "following" ? t("feed.emptyFollowing") : t("feed.emptyDiscover")} header={<Announcements />} />
      </div>
    </div>
  );
}
