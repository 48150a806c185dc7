/** Every /app/moderation page: staff only, with the sections' tab bar on top. */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { usePluginStore } from "@hearth/plugins/pluginStore";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { useStaffLevel } from "./access";
import { t } from "./i18n";
import "./moderation.css";

const tabClass = ({ isActive }: { isActive: boolean }) => `moderation-tab${isActive ? " moderation-tab--active" : ""}`;

function Tabs() {
  const level = useStaffLevel();
  const tickets = usePluginStore((state) => state.loadedIds.includes("tickets"));
  const servers = usePluginStore((state) => state.loadedIds.includes("servers"));
  return (
    <nav className="moderation-tabs" aria-label={t("tabs.label")}>
      {servers && (
        <NavLink to="/app/moderation" end className={tabClass}>
          {t("tabs.servers")}
        </NavLink>
      )}
      <NavLink to="/app/moderation/users" className={tabClass}>
        {t("tabs.users")}
      </NavLink>
      <NavLink to="/app/moderation/suggestions" className={tabClass}>
        {t("tabs.suggestions")}
      </NavLink>
      {tickets && level === "admin" && (
        <NavLink to="/app/moderation/tickets" className={tabClass}>
          {t("tabs.tickets")}
        </NavLink>
      )}
      {level === "admin" && (
        <NavLink to="/app/moderation/audit-logs" className={tabClass}>
          {t("tabs.auditLogs")}
        </NavLink>
      )}
      {level === "admin" && (
        <NavLink to="/app/moderation/invites" className={tabClass}>
          {t("tabs.invites")}
        </NavLink>
      )}
      <NavLink to="/app/moderation/stats" className={tabClass}>
        {t("tabs.stats")}
      </NavLink>
      <NavLink to="/app/moderation/online" className={tabClass}>
        {t("tabs.online")}
      </NavLink>
      <NavLink to="/app/moderation/plugins" className={tabClass}>
        {t("tabs.plugins")}
      </NavLink>
      {level === "admin" && (
        <NavLink to="/app/moderation/instance" className={tabClass}>
          {t("tabs.instance")}
        </NavLink>
      )}
    </nav>
  );
}

export function ModerationFrame({ title, children }: { title: string; children: ReactNode }) {
  const level = useStaffLevel();
  if (level === null) {
    return (
      <div className="moderation-page">
        <p className="muted" data-testid="moderation-forbidden">
          {t("gate.staffOnly")}
        </p>
      </div>
    );
  }
  return (
    <div className="moderation-page">
      <LayoutSlot name="headerTitle">{t("nav.moderation")}</LayoutSlot>
      <Tabs />
      <h2 className="moderation-page__title">{title}</h2>
      {children}
    </div>
  );
}
