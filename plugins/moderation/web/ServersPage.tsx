/** /app/moderation: every server, newest first, searchable; this week's most active ones. */
import { useCallback, useEffect, useState } from "react";
import { activeServers, listServers, searchServers } from "./moderationApi";
import { ModerationFrame } from "./ModerationFrame";
import { PagedList } from "./PagedList";
import { SearchBox } from "./SearchBox";
import { ServerRow } from "./ServerRow";
import { t } from "./i18n";
import type { ModServer } from "./types";
import { usePaged } from "./usePaged";

function MostActive() {
  const [servers, setServers] = useState<ModServer[]>([]);
  useEffect(() => {
    let active = true;
    activeServers().then((list) => active && setServers(list), () => undefined);
    return () => {
      active = false;
    };
  }, []);
  if (servers.length === 0) return null;
  return (
    <details className="card moderation-section" open>
      <summary>
        <h3>{t("servers.active")}</h3>
      </summary>
      <ul className="moderation-list">
        {servers.map((server) => (
          <ServerRow key={server.id} server={server} />
        ))}
      </ul>
    </details>
  );
}

export default function ServersPage() {
  const [query, setQuery] = useState("");
  const fetchPage = useCallback((after?: string) => (query ? searchServers(query, after) : listServers(after)), [query]);
  const list = usePaged(fetchPage);
  return (
    <ModerationFrame title={t("servers.title")}>
      <SearchBox placeholder={t("servers.searchPlaceholder")} onSearch={setQuery} />
      {!query && <MostActive />}
      <PagedList {...list} testId="moderation-servers" render={(server) => <ServerRow key={server.id} server={server} />} />
    </ModerationFrame>
  );
}
