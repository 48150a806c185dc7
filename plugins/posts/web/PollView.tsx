import { Button } from "@hearth/ui/Button";
import { useState } from "react";
import { vote } from "./actions";
import { t } from "./i18n";
import type { Post } from "./types";

/** A poll: its choices to vote on, then (once voted) the results with the viewer's choice. */
export function PollView({ post }: { post: Post }) {
  const poll = post.poll!;
  const [busy, setBusy] = useState<string | null>(null);
  const voted = poll.votedUsers[0]?.pollChoiceId;
  const total = poll._count.votedUsers;

  if (!voted) {
    return (
      <div className="post-poll" role="group" aria-label={t("poll.label")}>
        {poll.choices.map((choice) => (
          <Button
            key={choice.id}
            className="post-poll__choice"
            loading={busy === choice.id}
            disabled={busy !== null}
            onClick={async () => {
              setBusy(choice.id);
              await vote(post, choice.id);
              setBusy(null);
            }}
          >
            {choice.content}
          </Button>
        ))}
        <span className="post-poll__total muted">{t("poll.votes", { count: total })}</span>
      </div>
    );
  }

  return (
    <div className="post-poll" role="group" aria-label={t("poll.results")} data-testid="poll-results">
      {poll.choices.map((choice) => {
        const count = choice._count.votedUsers;
        const percent = total ? Math.round((count / total) * 100) : 0;
        return (
          <div key={choice.id} className={`post-poll__result${choice.id === voted ? " post-poll__result--mine" : ""}`}>
            <span className="post-poll__bar" style={{ width: `${percent}%` }} aria-hidden="true" />
            <span className="post-poll__label">{choice.content}</span>
            <span className="post-poll__count" data-testid="poll-choice-count">
              {t("poll.result", { percent, count })}
            </span>
          </div>
        );
      })}
      <span className="post-poll__total muted">{t("poll.votes", { count: total })}</span>
    </div>
  );
}
