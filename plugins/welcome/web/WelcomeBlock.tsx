/**
 * On /app/servers/{serverId}/welcome: the server's questions with their answers as toggle chips.
 * Choosing an answer gives its roles at once; the channel list follows through the servers
 * bundle's `server:member_updated` handling.
 */
import { describeError } from "@hearth/api/requestErrors";
import { FormError } from "@hearth/ui/form/FormError";
import { useEffect, useState } from "react";
import { applyChoice, sortAnswers } from "./editor";
import { t } from "./i18n";
import type { WelcomeAnswer, WelcomeQuestion } from "./types";
import { chooseAnswer, fetchQuestions, unchooseAnswer } from "./welcomeApi";
import "./welcome.css";

export default function WelcomeBlock({ serverId }: { serverId: string }) {
  const [questions, setQuestions] = useState<WelcomeQuestion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    setQuestions(null);
    setError(null);
    fetchQuestions(serverId).then(
      (list) => active && setQuestions(list),
      (failure: unknown) => active && setError(describeError(failure)),
    );
    return () => {
      active = false;
    };
  }, [serverId]);

  const toggle = async (answer: WelcomeAnswer) => {
    const chosen = !answer.answered;
    setBusy(answer.id);
    setError(null);
    try {
      await (chosen ? chooseAnswer(serverId, answer.id) : unchooseAnswer(serverId, answer.id));
      setQuestions((current) => (current ? applyChoice(current, answer.id, chosen) : current));
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(null);
    }
  };

  if (questions === null && !error)
    return (
      <p className="pane-loading welcome-block__loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {t("block.loading")}
      </p>
    );
  if (!questions?.length) return <FormError message={error} />;
  return (
    <section className="welcome-block" aria-label={t("block.label")} data-testid="welcome-block">
      {questions.map((question) => (
        <div key={question.id} className="welcome-question" data-testid="welcome-question">
          <h3 className="welcome-question__title">{question.title}</h3>
          <p className="muted welcome-question__hint">{question.multiselect ? t("block.chooseAny") : t("block.chooseOne")}</p>
          <div className="welcome-question__answers">
            {sortAnswers(question.answers).map((answer) => {
              const count = answer._count?.answeredUsers ?? 0;
              return (
                <button
                  key={answer.id}
                  type="button"
                  className={`welcome-chip${answer.answered ? " welcome-chip--on" : ""}`}
                  aria-pressed={Boolean(answer.answered)}
                  aria-busy={busy === answer.id || undefined}
                  disabled={busy !== null}
                  onClick={() => void toggle(answer)}
                  data-testid="welcome-answer"
                >
                  {busy === answer.id && <span className="spinner" aria-hidden="true" />}
                  <span>{answer.title}</span>
                  <span className="welcome-chip__count" role="img" aria-label={t("block.countLabel", { count })}>
                    {t("block.count", { count })}
                  </span>
                </button>
              );
            })}
          </div>
        </div>
      ))}
      <FormError message={error} />
    </section>
  );
}
