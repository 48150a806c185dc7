/**
 * /app/moderation/suggestions: actions MODs proposed (rest.md §8.6), newest first. Admins act on
 * one (the usual password dialog, its reason filled in; the suggestion goes once done) or open
 * its target; any staff member may dismiss one.
 */
import { describeError } from "@hearth/api/requestErrors";
import { useSelfUserStore } from "@hearth/stores/selfUserStore";
import { Avatar } from "@hearth/ui/Avatar";
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { formatDateTime } from "@hearth/ui/format";
import { promptForPassword } from "@hearth/ui/modal/PasswordPrompt";
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { userActions, useStaffLevel } from "./access";
import { askReason, openSuspendDialog } from "./dialogs";
import { t } from "./i18n";
import { deletePosts, dismissSuggestion, listSuggestions, scheduleServerDeletion, shadowBanUsers, suspendUsers, warnUsers } from "./moderationApi";
import { ModerationFrame } from "./ModerationFrame";
import { PagedList } from "./PagedList";
import { ServerIcon } from "./ServerRow";
import { SUGGESTION_LABEL } from "./suggestionActions";
import type { Suggestion } from "./types";
import { usePaged } from "./usePaged";

const nameOf = (user: { username: string; tag: string }) => `${user.username}:${user.tag}`;

/** Where the suggestion points: the user's or the server's page, or the post's author. */
function targetPath(suggestion: Suggestion): string | null {
  if (suggestion.user) return `/app/moderation/users/${suggestion.user.id}`;
  if (suggestion.server) return `/app/moderation/servers/${suggestion.server.id}`;
  if (suggestion.post) return `/app/moderation/users/${suggestion.post.createdBy.id}`;
  return null;
}

function Target({ suggestion }: { suggestion: Suggestion }) {
  const path = targetPath(suggestion);
  if (suggestion.user && path) {
    return (
      <Link className="moderation-suggestion__target" to={path}>
        <Avatar user={suggestion.user} size={24} />
        {nameOf(suggestion.user)}
      </Link>
    );
  }
  if (suggestion.server && path) {
    return (
      <Link className="moderation-suggestion__target" to={path}>
        <ServerIcon server={suggestion.server} size={24} />
        {suggestion.server.name}
      </Link>
    );
  }
  if (suggestion.post && path) {
    return (
      <Link className="moderation-suggestion__target" to={path}>
        {t("suggestions.post", { id: suggestion.post.id, user: nameOf(suggestion.post.createdBy) })}
      </Link>
    );
  }
  return <span className="muted">{t("suggestions.gone")}</span>;
}

/** The dialog that carries the suggestion out, for the types that have one here. */
function actOn(suggestion: Suggestion, done: () => void): (() => void) | null {
  const { user, server, post, reason } = suggestion;
  const finish = async () => {
    await dismissSuggestion(suggestion.id);
    done();
  };
  switch (suggestion.actionType) {
    case 0:
      return user
        ? () =>
            openSuspendDialog({
              title: t("dialog.suspendTitle", { user: nameOf(user) }),
              initialReason: reason,
              submit: async (password, options) => {
                await suspendUsers([user.id], password, options);
                await finish();
              },
            })
        : null;
    case 7:
      return user
        ? () =>
            askReason({
              title: t("dialog.warnTitle", { user: nameOf(user) }),
              message: t("dialog.warnText"),
              confirmLabel: t("dialog.warnConfirm"),
              initialReason: reason,
              submit: async (password, given) => {
                await warnUsers([user.id], password, given);
                await finish();
              },
            })
        : null;
    case 10:
      return user
        ? () =>
            askReason({
              title: t("dialog.shadowTitle", { user: nameOf(user) }),
              message: t("dialog.shadowText"),
              confirmLabel: t("dialog.shadowConfirm"),
              initialReason: reason,
              submit: async (password, given) => {
                await shadowBanUsers([user.id], password, given);
                await finish();
              },
            })
        : null;
    case 3:
      return server
        ? () =>
            askReason({
              title: t("server.schedule"),
              message: t("server.scheduleText"),
              confirmLabel: t("server.scheduleConfirm"),
              initialReason: reason,
              submit: async (password, given) => {
                await scheduleServerDeletion(server.id, password, given);
                await finish();
              },
            })
        : null;
    case 5:
      return post
        ? () =>
            promptForPassword({
              title: t("suggestions.deletePost"),
              message: t("suggestions.deletePostText"),
              confirmLabel: t("suggestions.deletePost"),
              submit: async (password) => {
                await deletePosts([post.id], password);
                await finish();
              },
            })
        : null;
    default:
      return null;
  }
}

function SuggestionRow({ suggestion, onGone }: { suggestion: Suggestion; onGone: (id: string) => void }) {
  const level = useStaffLevel();
  const self = useSelfUserStore((state) => state.user);
  const [dismissing, setDismissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // a suggestion against someone the admin may not sanction (the founder) offers no Act
  const allowed = !suggestion.user || userActions(self, suggestion.user).sanction;
  const act = level === "admin" && allowed ? actOn(suggestion, () => onGone(suggestion.id)) : null;
  const path = targetPath(suggestion);
  const dismiss = async () => {
    setDismissing(true);
    setError(null);
    try {
      await dismissSuggestion(suggestion.id);
      onGone(suggestion.id);
    } catch (failure) {
      setError(describeError(failure));
      setDismissing(false);
    }
  };
  return (
    <li className="card moderation-suggestion" data-testid="suggestion" data-action={suggestion.actionType}>
      <div className="moderation-suggestion__head">
        <strong>{t(SUGGESTION_LABEL(suggestion.actionType))}</strong>
        <Target suggestion={suggestion} />
      </div>
      <p className="moderation-suggestion__reason">{suggestion.reason}</p>
      <span className="muted">
        {t("suggestions.by", {
          name: suggestion.suggestBy ? nameOf(suggestion.suggestBy) : t("audit.someone"),
          date: formatDateTime(suggestion.createdAt),
        })}
      </span>
      <FormError message={error} />
      <div className="button-row">
        {act && (
          <Button variant="danger" onClick={act}>
            {t("suggestions.act")}
          </Button>
        )}
        {path && (
          <Link className="button button--secondary" to={path}>
            {t("suggestions.open")}
          </Link>
        )}
        <Button loading={dismissing} onClick={() => void dismiss()}>
          {t("suggestions.dismiss")}
        </Button>
      </div>
    </li>
  );
}

function SuggestionList() {
  const fetchPage = useCallback((after?: string) => listSuggestions(after), []);
  const list = usePaged(fetchPage);
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const rows = list.rows?.filter((row) => !gone.has(row.id)) ?? null;
  const onGone = (id: string) => setGone((previous) => new Set(previous).add(id));
  return (
    <PagedList
      {...list}
      rows={rows}
      testId="moderation-suggestions"
      render={(suggestion) => <SuggestionRow key={suggestion.id} suggestion={suggestion} onGone={onGone} />}
    />
  );
}

export default function SuggestionsPage() {
  return (
    <ModerationFrame title={t("suggestions.title")}>
      <p className="muted">{t("suggestions.intro")}</p>
      <SuggestionList />
    </ModerationFrame>
  );
}
