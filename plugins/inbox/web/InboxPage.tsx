import { LayoutSlot } from "@hearth/app/layoutSlots";
import { openUserCard, useUserCardAvailable } from "@hearth/plugins/extensions";
import { presenceStatuses } from "../../presence/web/public";
import { useSocketStore } from "@hearth/socket/socketStore";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Avatar } from "@hearth/ui/Avatar";
import { EmojiText } from "@hearth/ui/emoji/Emoji";
import { peopleMentionSource } from "@hearth/ui/suggest/mentions";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { usePluginLoaded } from "@hearth/plugins/pluginStore";
import { useCallback, useMemo } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { FriendsPane } from "../../friends/web/public";
import { MessagePane, type PublicUser } from "../../messages/web/public";
import { inboxSlots } from "./slots";
import { DmDrawer } from "./DmDrawer";
import { t } from "./i18n";
import { useInboxStore } from "./inboxStore";
import "./inbox.css";

function ConversationTitle({ recipient }: { recipient: PublicUser }) {
  const cards = useUserCardAvailable();
  const content = (
    <>
      <Avatar user={recipient} size={26} presenceUserId={recipient.id} />
      <span className="dm-title__name">
        <EmojiText text={recipient.username} />
      </span>
      <span className="dm-title__tag">:{recipient.tag}</span>
    </>
  );
  if (!cards) return <span className="dm-title">{content}</span>;
  return (
    <button
      type="button"
      className="dm-title"
      onClick={(event) => openUserCard({ userId: recipient.id, anchor: event.currentTarget.getBoundingClientRect(), user: recipient })}
    >
      {content}
    </button>
  );
}

function Conversation({ channelId }: { channelId: string }) {
  const inbox = useInboxStore((state) => state.inboxes[channelId]);
  const ready = useInboxStore((state) => state.ready);
  const authenticated = useSocketStore((state) => state.authenticated);
  const self = useSelfUserStore((state) => state.user);
  const [searchParams] = useSearchParams();
  const headerActions = inboxSlots.conversationHeaderActions.use();
  const recipient = inbox?.recipient;

  const findUser = useCallback(
    (userId: string): PublicUser | undefined => {
      if (recipient && userId === recipient.id) return recipient;
      if (self && userId === self.id) return { id: self.id, username: self.username, tag: self.tag, avatar: self.avatar, hexColor: self.hexColor };
      return undefined;
    },
    [recipient, self],
  );

  // `@` in a DM offers its two people (saved notes: oneself).
  const mentions = useMemo(() => {
    const people = [recipient, self].filter((person, index, all): person is NonNullable<typeof person> =>
      Boolean(person && all.findIndex((other) => other?.id === person.id) === index),
    );
    return peopleMentionSource(people, (userId) => (presenceStatuses()[userId] ?? 0) !== 0);
  }, [recipient, self]);

  const intro = useMemo(
    () =>
      recipient ? (
        <div className="dm-intro">
          <Avatar user={recipient} size={72} />
          <h2>{recipient.username}</h2>
          <p className="muted">{recipient.id === self?.id ? t("conversation.savedNotes") : t("conversation.intro", { user: recipient.username })}</p>
        </div>
      ) : null,
    [recipient, self?.id],
  );

  if (!inbox || !recipient) {
    if (!ready || !authenticated) return <PaneLoading label={t("conversation.loading")} />;
    return (
      <div className="dm-missing">
        <p>{t("conversation.notOpen")}</p>
        <Link to="/app/inbox">{t("conversation.back")}</Link>
      </div>
    );
  }

  return (
    <>
      <LayoutSlot name="headerTitle">
        <ConversationTitle recipient={recipient} />
      </LayoutSlot>
      {headerActions.length > 0 && (
        <LayoutSlot name="headerActions">
          {headerActions.map((Action, index) => (
            <Action key={index} channelId={channelId} recipientId={recipient.id} />
          ))}
        </LayoutSlot>
      )}
      <LayoutSlot name="drawerTitle">{recipient.username}</LayoutSlot>
      <LayoutSlot name="drawer">
        <DmDrawer inbox={inbox} />
      </LayoutSlot>
      <MessagePane
        channelId={channelId}
        placeholderName={t("conversation.placeholder", { user: recipient.username })}
        findUser={findUser}
        mentions={mentions}
        intro={intro}
        initialMessageId={searchParams.get("messageId")}
      />
    </>
  );
}

/** /app/inbox without the friends plugin (it is optional): a pointer to the conversations. */
function NoFriendsPane() {
  return (
    <>
      <LayoutSlot name="headerTitle">{t("list.title")}</LayoutSlot>
      <p className="dm-missing muted" data-testid="inbox-without-friends">
        {t("withoutFriends")}
      </p>
    </>
  );
}

/** /app/inbox: the friends pane; /app/inbox/{channelId}: that conversation. The DM list is Home's side pane (the shell's). */
export default function InboxPage() {
  const channelId = useParams()["*"]?.split("/")[0] || undefined;
  const friends = usePluginLoaded("friends");
  if (!channelId && !friends) return <NoFriendsPane />;
  return (
    <>
      {channelId ? (
        <Conversation channelId={channelId} />
      ) : (
        <>
          <LayoutSlot name="headerTitle">{t("friendsTitle")}</LayoutSlot>
          <FriendsPane />
        </>
      )}
    </>
  );
}
