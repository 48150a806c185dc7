/** /app/explore/servers/{id}: one public server's card (spec §2), e.g. from a shared link. */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useRequest } from "@hearth/ui/useRequest";
import { Link, useParams } from "react-router";
import { ServerCard } from "./ExplorePage";
import { errorText, getServerListing } from "./exploreApi";
import { t } from "./i18n";
import "./explore.css";

export default function ExploreServerPage() {
  const serverId = useParams().id ?? "";
  const { data: item, loading, error, setData } = useRequest(() => getServerListing(serverId), [serverId], (failure) => errorText(failure, t("errors.generic")));

  return (
    <div className="explore-page">
      <LayoutSlot name="headerTitle">{t("page.title")}</LayoutSlot>
      <Link to="/app/explore/servers">← {t("page.back")}</Link>
      {loading && <PaneLoading label={t("page.loading")} />}
      {!loading && error && <FormError message={error} />}
      {!loading && item?.server && (
        <ul className="explore-grid explore-grid--single">
          <ServerCard item={item} onChange={setData} />
        </ul>
      )}
    </div>
  );
}
