/** /app/settings/developer/applications: your applications, and a new one. */
import { Avatar } from "@hearth/ui/Avatar";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { createApplication, listApplications } from "../applicationsApi";
import { noteOwnsApplications } from "../developerArea";
import { t } from "../i18n";
import { BotTag } from "@hearth/ui/BotTag";
import { NameFirst } from "../NameFirst";
import { Card, DEVELOPER_ROOT, DeveloperFrame, LoadedView, useLoaded } from "../shared";

export default function DeveloperPage() {
  const { state, reload } = useLoaded(listApplications, "applications");
  const navigate = useNavigate();
  // The list also says whether the rail shows the developer area (e.g. after the last one is deleted).
  useEffect(() => {
    if (state.status === "ready") noteOwnsApplications(state.value.length > 0);
  }, [state]);

  const create = async (name: string) => {
    const app = await createApplication(name);
    noteOwnsApplications(true);
    navigate(`${DEVELOPER_ROOT}/${encodeURIComponent(app.id)}`);
  };

  return (
    <DeveloperFrame title={t("list.title")}>
      <p className="muted">{t("list.intro")}</p>
      <Card title={t("list.applications")}>
        <LoadedView state={state} retry={reload}>
          {(apps) =>
            apps.length === 0 ? (
              <p className="muted">{t("list.empty")}</p>
            ) : (
              <ul className="developer-apps" aria-label={t("list.applications")}>
                {apps.map((app) => (
                  <li key={app.id}>
                    <Link className="developer-apps__item" to={`${DEVELOPER_ROOT}/${encodeURIComponent(app.id)}`}>
                      <Avatar user={app.botUser ?? { username: app.name, hexColor: null }} size={40} />
                      <span className="developer-apps__name">
                        <strong>{app.name}</strong>
                        {app.botUser ? (
                          <span className="muted">
                            {app.botUser.username}:{app.botUser.tag} <BotTag />
                          </span>
                        ) : (
                          <span className="muted">{t("list.noBot")}</span>
                        )}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )
          }
        </LoadedView>
        <NameFirst createLabel={t("list.create")} fieldLabel={t("nameFirst.appName")} hint={t("nameFirst.appHint")} field="name" create={create} testId="create-application" />
      </Card>
    </DeveloperFrame>
  );
}
