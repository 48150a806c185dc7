/** /app/moderation/plugins: what runs on this instance, read-only (staff). */
import { describeError } from "@hearth/api/requestErrors";
import { FormError } from "@hearth/ui/form/FormError";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState } from "react";
import { t } from "./i18n";
import { installedPlugins } from "./moderationApi";
import { ModerationFrame } from "./ModerationFrame";
import type { InstalledPlugin } from "./types";

const list = (ids: string[]) => (ids.length ? ids.join(", ") : t("plugins.none"));

function PluginRow({ plugin }: { plugin: InstalledPlugin }) {
  return (
    <li className="card moderation-row" data-testid="moderation-plugin" data-plugin-id={plugin.id}>
      <span className="moderation-row__main">
        <strong>
          {plugin.name} <span className="muted">({plugin.id})</span>
        </strong>
        <span className="muted">{t("plugins.version", { version: plugin.version })}</span>
        {plugin.description && <span>{plugin.description}</span>}
        <span className="muted">{t("plugins.requires", { ids: list(plugin.requires) })}</span>
        <span className="muted">{t("plugins.optional", { ids: list(plugin.optional) })}</span>
        <span className="muted">{t("plugins.source", { source: plugin.source })}</span>
      </span>
      <span className="moderation-row__flags">
        <span className={`badge ${plugin.enabled ? "moderation-badge" : "moderation-badge--danger"}`}>
          {plugin.enabled ? t("plugins.enabled") : t("plugins.disabled")}
        </span>
        <span className="badge moderation-badge">{plugin.firstParty ? t("plugins.firstParty") : t("plugins.thirdParty")}</span>
        {plugin.essential && <span className="badge moderation-badge">{t("plugins.essential")}</span>}
      </span>
    </li>
  );
}

export default function PluginsPage() {
  const [plugins, setPlugins] = useState<InstalledPlugin[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    installedPlugins().then(setPlugins, (failure: unknown) => setError(describeError(failure)));
  }, []);
  return (
    <ModerationFrame title={t("plugins.title")}>
      <p className="muted">{t("plugins.intro")}</p>
      <FormError message={error} />
      {plugins === null && !error && <PaneLoading label={t("common.loading")} />}
      {plugins && (
        <>
          <p className="muted">{t("plugins.count", { enabled: plugins.filter((p) => p.enabled).length, total: plugins.length })}</p>
          <ul className="moderation-list" data-testid="moderation-plugins">
            {plugins.map((plugin) => (
              <PluginRow key={plugin.id} plugin={plugin} />
            ))}
          </ul>
        </>
      )}
    </ModerationFrame>
  );
}
