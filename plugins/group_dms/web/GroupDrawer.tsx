import { describeError } from "@hearth/api/requestErrors";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { ImageFileButton } from "@hearth/ui/form/ImageFileButton";
import { TextField } from "@hearth/ui/form/TextField";
import { Icon } from "@hearth/ui/Icon";
import { confirmAction } from "@hearth/ui/modal/confirmModal";
import { useMemo, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { AttachmentGallery } from "../../messages/web/public";
import { FriendPicker } from "./FriendPicker";
import { GroupAvatar } from "./GroupAvatar";
import { addMembers, changeIcon, leaveGroup, removeMember, renameGroup } from "./groupsApi";
import { groupTitle } from "./groupsStore";
import { t } from "./i18n";
import { MAX_MEMBERS, type GroupDm } from "./types";

/** Runs one action at a time, keeping its error to show. */
function useAction() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (name: string, work: () => Promise<void>) => {
    setBusy(name);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, run };
}

function AddFriends({ group, onDone }: { group: GroupDm; onDone: () => void }) {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const present = useMemo(() => new Set(group.members.map((member) => member.id)), [group.members]);
  const { busy, error, run } = useAction();
  const toggle = (userId: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });
  return (
    <div className="group-drawer__add">
      <FriendPicker chosen={chosen} onToggle={toggle} exclude={present} room={MAX_MEMBERS - group.members.length - chosen.size} />
      <Button
        variant="primary"
        loading={busy === "add"}
        disabled={chosen.size === 0}
        onClick={() => void run("add", async () => {
          await addMembers(group.channelId, [...chosen]);
          onDone();
        })}
      >
        {t("drawer.addSubmit")}
      </Button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The right drawer of a group: its name and icon, its members (add; the owner removes), leave. */
export function GroupDrawer({ group }: { group: GroupDm }) {
  const selfId = useSelfUserStore((state) => state.user?.id);
  const navigate = useNavigate();
  const [name, setName] = useState(group.name ?? "");
  const [adding, setAdding] = useState(false);
  const { busy, error, run } = useAction();
  const owner = group.ownerId === selfId;
  const full = group.members.length >= MAX_MEMBERS;
  const title = groupTitle(group, selfId);

  const rename = (event: FormEvent) => {
    event.preventDefault();
    void run("rename", () => renameGroup(group.channelId, name));
  };

  const leave = async () => {
    if (!(await confirmAction({ title: t("drawer.leave"), message: t("drawer.leaveConfirm", { name: title }), confirmLabel: t("drawer.leave"), danger: true }))) return;
    await run("leave", async () => {
      await leaveGroup(group.channelId);
      void navigate("/app/inbox");
    });
  };

  return (
    <div className="dm-drawer group-drawer">
      <section className="group-drawer__settings" aria-label={t("drawer.rename")}>
        <GroupAvatar group={group} selfId={selfId} size={64} />
        <div className="button-row">
          <ImageFileButton busy={busy === "icon"} onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void run("icon", () => changeIcon(group.channelId, file));
          }}>
            {t("drawer.icon")}
          </ImageFileButton>
          {group.icon && (
            <Button variant="ghost" loading={busy === "removeIcon"} onClick={() => void run("removeIcon", () => changeIcon(group.channelId, null))}>
              {t("drawer.removeIcon")}
            </Button>
          )}
        </div>
        <form className="group-drawer__rename" onSubmit={rename}>
          <TextField className="group-field" label={t("drawer.rename")} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
          <Button type="submit" loading={busy === "rename"} disabled={name.trim() === (group.name ?? "")}>
            {t("drawer.save")}
          </Button>
        </form>
      </section>
      <section aria-labelledby={`group-members-${group.channelId}`}>
        <div className="group-drawer__heading">
          <h3 className="dm-drawer__heading" id={`group-members-${group.channelId}`}>
            {t("list.members", { count: group.members.length })}
          </h3>
          {!full && (
            <Button variant="ghost" aria-expanded={adding} onClick={() => setAdding((open) => !open)}>
              <Icon name="plus" size={14} />
              {t("drawer.add")}
            </Button>
          )}
        </div>
        {full && <p className="muted">{t("drawer.full")}</p>}
        {adding && !full && <AddFriends group={group} onDone={() => setAdding(false)} />}
        <ul className="group-members" data-testid="group-members">
          {group.members.map((member) => (
            <li key={member.id} className="group-member">
              <Avatar user={member} size={32} presenceUserId={member.id} />
              <span className="group-member__name">{member.username}</span>
              {member.id === group.ownerId && (
                <span className="group-member__owner" role="img" aria-label={t("drawer.owner")} title={t("drawer.owner")}>
                  ★
                </span>
              )}
              {owner && member.id !== selfId && (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t("drawer.remove", { user: member.username })}
                  title={t("drawer.remove", { user: member.username })}
                  disabled={busy !== null}
                  onClick={() => void run(`remove-${member.id}`, () => removeMember(group.channelId, member.id))}
                >
                  <Icon name="close" size={16} />
                </button>
              )}
            </li>
          ))}
        </ul>
        <Button variant="danger" loading={busy === "leave"} onClick={() => void leave()}>
          {t("drawer.leave")}
        </Button>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </section>
      <section className="dm-drawer__files">
        <AttachmentGallery key={group.channelId} channelId={group.channelId} />
      </section>
    </div>
  );
}
