/** /app/explore/servers/{id}: one public server's card (spec §2), e.g. from a shared link. */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { ServerCard } from "./ExplorePage";
import { errorText, getServerListing } from "./exploreApi";
import { t } from "./i18n";
import type { ExploreItem } from "./types";
import "./explore.css";

type Loaded = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; item: ExploreItem };

export default function ExploreServerPage() {
  const serverId = useParams().id ?? "";
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });

  useEffect(() => {
    let active = true;
    setLoaded({ status: "loading" });
    getServerListing(serverId).then(
      (item) => active && setLoaded({ status: "ready", item }),
      (failure: unknown) => active && setLoaded({ status: "failed", message: errorText(failure, t("errors.generic")) }),
    );
    return () => {
      active = false;
    };
  }, [serverId]);

  return (
    <div className="explore-page">
      <LayoutSlot name="headerTitle">{t("page.title")}</LayoutSlot>
      <Link to="/app/explore/servers">← {t("page.back")}</Link>
      {loaded.status === "loading" && <PaneLoading label={t("page.loading")} />}
      {loaded.status === "failed" && <FormError message={loaded.message} />}
      {loaded.status === "ready" && loaded.item.server && (
        <ul className="explore-grid explore-grid--single">
          <ServerCard item={loaded.item} onChange={(item) => setLoaded({ status: "ready", item })} />
        </ul>
      )}
    </div>
  );
}
