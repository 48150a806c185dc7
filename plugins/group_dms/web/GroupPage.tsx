import { LayoutSlot } from "@hearth/app/layoutSlots";
import { presenceStatuses } from "../../presence/web/public";
import { useSocketStore } from "@hearth/socket/socketStore";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { peopleMentionSource } from "@hearth/ui/suggest/mentions";
import { useCallback, useMemo } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { MessagePane, type PublicUser } from "../../messages/web/public";
import { ConversationCallButton } from "../../voice/web/public";
import { GroupAvatar } from "./GroupAvatar";
import { GroupDrawer } from "./GroupDrawer";
import { groupTitle, useGroupsStore } from "./groupsStore";
import { t } from "./i18n";
import "./groups.css";

function Conversation({ channelId }: { channelId: string }) {
  const group = useGroupsStore((state) => state.groups[channelId]);
  const ready = useGroupsStore((state) => state.ready);
  const authenticated = useSocketStore((state) => state.authenticated);
  const selfId = useSelfUserStore((state) => state.user?.id);
  const [searchParams] = useSearchParams();
  const members = group?.members;

  const findUser = useCallback((userId: string): PublicUser | undefined => members?.find((member) => member.id === userId), [members]);
  // `@` in a group offers its members.
  const mentions = useMemo(() => peopleMentionSource(members ?? [], (userId) => (presenceStatuses()[userId] ?? 0) !== 0), [members]);

  if (!group) {
    if (!ready || !authenticated) return <PaneLoading label={t("conversation.loading")} />;
    return (
      <div className="dm-missing" data-testid="group-missing">
        <p>{t("conversation.missing")}</p>
        <Link to="/app/inbox">{t("conversation.back")}</Link>
      </div>
    );
  }
  const title = groupTitle(group, selfId);
  return (
    <>
      <LayoutSlot name="headerTitle">
        <span className="dm-title group-title">
          <GroupAvatar group={group} selfId={selfId} size={26} />
          <span className="dm-title__name">{title}</span>
        </span>
      </LayoutSlot>
      <LayoutSlot name="headerActions">
        <ConversationCallButton channelId={channelId} name={title} />
      </LayoutSlot>
      <LayoutSlot name="drawerTitle">{t("drawer.title")}</LayoutSlot>
      <LayoutSlot name="drawer">
        <GroupDrawer group={group} />
      </LayoutSlot>
      <MessagePane
        channelId={channelId}
        placeholderName={t("conversation.placeholder", { name: title })}
        findUser={findUser}
        mentions={mentions}
        intro={
          <div className="dm-intro">
            <GroupAvatar group={group} selfId={selfId} size={72} />
            <h2>{title}</h2>
            <p className="muted">{t("conversation.intro", { name: title })}</p>
          </div>
        }
        initialMessageId={searchParams.get("messageId")}
      />
    </>
  );
}

/** /app/groups/{channelId}: a group's conversation, its members in the drawer. */
export default function GroupPage() {
  const channelId = useParams()["*"]?.split("/")[0] || undefined;
  if (!channelId) return <PaneLoading label={t("conversation.loading")} />;
  return <Conversation channelId={channelId} />;
}
