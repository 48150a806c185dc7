import type { ProfileTab } from "../../social/web/public";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { lazy, Suspense, type ComponentType } from "react";
import { t } from "./i18n";

type TabBody = ComponentType<{ userId: string }>;
type TabName = "Posts" | "Replies" | "Liked";

/** A tab whose code loads the first time it is opened (with its own spinner, not the page's). */
function lazyTab(name: TabName): TabBody {
  const Body = lazy(async () => ({ default: (await import("./ProfilePostsTab"))[name] }));
  return function Tab({ userId }: { userId: string }) {
    return (
      <Suspense fallback={<PaneLoading />}>
        <Body userId={userId} />
      </Suspense>
    );
  };
}

const tabs: ProfileTab[] = [
  { id: "posts", label: () => t("profile.posts"), Component: lazyTab("Posts") },
  { id: "replies", label: () => t("profile.replies"), Component: lazyTab("Replies") },
  { id: "liked", label: () => t("profile.liked"), Component: lazyTab("Liked") },
];

/** The posts tabs of the profile page (social's ProfilePage shows them through its `profileTabs` slot). */
export const postProfileTabs: readonly ProfileTab[] = tabs;
