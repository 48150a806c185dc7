import { describeError } from "@hearth/api/requestErrors";
import { Avatar } from "@hearth/ui/Avatar";
import { ModalPanel } from "@hearth/ui/modal/ModalPanel";
import { openModal } from "@hearth/ui/modal/modalStore";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { fetchLikes, fetchReposts } from "./api";
import { formatWhen } from "./format";
import { t } from "./i18n";
import type { PostAuthor } from "./types";

interface Person {
  user: PostAuthor;
  at: number;
}

function People({ load, empty, close }: { load: () => Promise<Person[]>; empty: string; close: () => void }) {
  const [people, setPeople] = useState<Person[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    load().then(setPeople, (failure: unknown) => setError(describeError(failure)));
  }, [load]);
  if (error) return <p className="form-error">{error}</p>;
  if (!people) return <PaneLoading />;
  if (!people.length) return <p className="muted">{empty}</p>;
  return (
    <ul className="post-people" data-testid="post-people">
      {people.map(({ user, at }) => (
        <li key={user.id}>
          <Link className="post-people__item" to={`/app/profile/${user.id}`} onClick={close}>
            <Avatar user={user} size={32} />
            <span className="post-people__name">
              {user.username}
              <span className="muted">:{user.tag}</span>
            </span>
            <span className="muted post-people__when">{formatWhen(at)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Who liked, or who reposted, a post (newest first). */
export function openPeople(postId: string, kind: "likes" | "reposts"): void {
  const load = kind === "likes"
    ? async () => (await fetchLikes(postId)).map((row) => ({ user: row.likedBy, at: row.createdAt }))
    : async () => (await fetchReposts(postId)).map((row) => ({ user: row.createdBy, at: row.createdAt }));
  openModal((close) => (
    <ModalPanel title={kind === "likes" ? t("people.likes") : t("people.reposts")} onClose={close}>
      <People load={load} empty={kind === "likes" ? t("people.noLikes") : t("people.noReposts")} close={close} />
    </ModalPanel>
  ));
}
