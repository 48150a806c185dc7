/** /app/servers/{id}/settings/{section}/…: the sections this member may open (spec §6), one at a time. */
import { LayoutSlot } from "@hearth/app/layoutSlots";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useMemo } from "react";
import { Link, Navigate, NavLink, useParams } from "react-router";
import { usePermissionSubject, useServer } from "../hooks";
import { t } from "../i18n";
import { sectionsById, serverSlots } from "../slots";
import { findSettingsSection, isAvailable, visibleSettingsSections, type SettingsSectionId } from "../permissions";
import { AuditLogSection } from "./AuditLogSection";
import { BansSection } from "./BansSection";
import { ChannelEditor } from "./ChannelEditor";
import { ChannelsSection } from "./ChannelsSection";
import { GeneralSection } from "./GeneralSection";
import { InvitesSection } from "./InvitesSection";
import { NotAvailable } from "./NotAvailable";
import { NotificationsSection } from "./NotificationsSection";
import { RoleEditor } from "./RoleEditor";
import { RolesSection } from "./RolesSection";
import "./settings.css";

export const sectionLabel = (id: SettingsSectionId): string => t(`settings.sections.${id}`);

function SettingsNav({ serverId, sections }: { serverId: string; sections: ReturnType<typeof visibleSettingsSections> }) {
  const server = useServer(serverId);
  return (
    <nav className="settings-nav" aria-label={t("settings.navLabel")}>
      <Link className="settings-nav__back" to={`/app/servers/${serverId}`}>
        ← {t("settings.back", { name: server?.name ?? "" })}
      </Link>
      <h2 className="settings-nav__title">{t("settings.title")}</h2>
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <NavLink to={`/app/servers/${serverId}/settings/${section.id}`} className={({ isActive }) => `settings-nav__link${isActive ? " settings-nav__link--active" : ""}`}>
              {sectionLabel(section.id)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SettingsView({ serverId }: { serverId: string }) {
  const subject = usePermissionSubject(serverId);
  const filled = serverSlots.settingsSections.use();
  const contributed = useMemo(() => sectionsById(filled), [filled]);
  const parts = (useParams()["*"] ?? "").split("/").filter(Boolean);
  const [sectionId, ...rest] = parts;
  if (!subject?.member) return <PaneLoading label={t("page.loading")} />;
  const sections = visibleSettingsSections(subject, contributed);
  const section = findSettingsSection(sectionId);
  // Land on a section that has something to show.
  const first = sections.find((item) => isAvailable(item, contributed)) ?? sections[0];
  if (!sectionId && first) return <Navigate to={`/app/servers/${serverId}/settings/${first.id}`} replace />;

  let content;
  if (!section) content = <p className="muted">{t("settings.unknown")}</p>;
  else if (!sections.includes(section)) content = <p className="muted" data-testid="settings-forbidden">{t("settings.forbidden")}</p>;
  else if (!isAvailable(section, contributed)) content = <NotAvailable />;
  else {
    switch (section.id) {
      case "general":
        content = <GeneralSection serverId={serverId} />;
        break;
      case "notifications":
        content = <NotificationsSection serverId={serverId} channelId={rest[0]} />;
        break;
      case "invites":
        content = <InvitesSection serverId={serverId} />;
        break;
      case "roles":
        content = rest[0] ? <RoleEditor serverId={serverId} roleId={rest[0]} /> : <RolesSection serverId={serverId} />;
        break;
      case "channels":
        content = rest[0] ? <ChannelEditor serverId={serverId} channelId={rest[0]} tab={rest[1]} rest={rest.slice(2)} /> : <ChannelsSection serverId={serverId} />;
        break;
      case "bans":
        content = <BansSection serverId={serverId} />;
        break;
      case "audit-logs":
        content = <AuditLogSection serverId={serverId} />;
        break;
      default: {
        const Contributed = contributed[section.id];
        content = Contributed ? <Contributed serverId={serverId} rest={rest} /> : <NotAvailable />;
      }
    }
  }

  return (
    <>
      <LayoutSlot name="sidePane">
        <SettingsNav serverId={serverId} sections={sections} />
      </LayoutSlot>
      <LayoutSlot name="headerTitle">{section ? t("settings.headerTitle", { section: sectionLabel(section.id) }) : t("settings.title")}</LayoutSlot>
      <div className="server-settings" data-testid="server-settings" data-section={section?.id}>
        {content}
      </div>
    </>
  );
}
