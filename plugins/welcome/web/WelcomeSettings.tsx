/**
 * Server settings → Welcome screen (ADMIN, spec §6): the list of questions at
 * `settings/welcome-screen`, one question's editor at `settings/welcome-screen/{questionId}`.
 */
import { Button } from "@hearth/ui/Button";
import { FormError } from "@hearth/ui/form/FormError";
import { TextField } from "@hearth/ui/form/TextField";
import { Icon } from "@hearth/ui/Icon";
import { openModal } from "@hearth/ui/modal/modalStore";
import { describeError, isRequestError } from "@hearth/api/requestErrors";
import { PaneLoading } from "@hearth/ui/PaneLoading";
import { useCallback, useEffect, useMemo, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { ConfirmPanel, roleColour, SettingsCard, useServersStore, type SettingsSectionProps } from "../../servers/web/public";
import { assignableRoles, draftFrom, errorField, MAX_ANSWERS, MAX_QUESTIONS, MAX_ROLES_PER_ANSWER, moveAnswer, newKey, toggleRole, updateBody, type DraftAnswer } from "./editor";
import { t } from "./i18n";
import type { WelcomeQuestion } from "./types";
import { createQuestion, deleteQuestion, fetchQuestion, fetchQuestions, updateQuestion } from "./welcomeApi";
import "./welcome.css";

const settingsPath = (serverId: string) => `/app/servers/${serverId}/settings/welcome-screen`;

function QuestionList({ serverId }: { serverId: string }) {
  const navigate = useNavigate();
  const [questions, setQuestions] = useState<WelcomeQuestion[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);

  const load = useCallback(() => {
    setLoadError(null);
    fetchQuestions(serverId).then(setQuestions, (failure: unknown) => setLoadError(describeError(failure)));
  }, [serverId]);
  useEffect(load, [load]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreating(true);
    setCreateError(null);
    try {
      const question = await createQuestion(serverId, title.trim());
      navigate(`${settingsPath(serverId)}/${question.id}`);
    } catch (failure) {
      setCreateError(describeError(failure));
      setCreating(false);
    }
  };

  const remove = (question: WelcomeQuestion) =>
    openModal((close) => (
      <ConfirmPanel
        title={t("settings.deleteTitle", { title: question.title })}
        text={t("settings.deleteText")}
        confirmLabel={t("settings.delete")}
        close={close}
        action={async () => {
          await deleteQuestion(serverId, question.id);
          setQuestions((current) => current?.filter((item) => item.id !== question.id) ?? null);
        }}
      />
    ));

  const full = (questions?.length ?? 0) >= MAX_QUESTIONS;
  return (
    <SettingsCard title={t("settings.title")} description={t("settings.hint")} testId="welcome-settings">
      <form className="welcome-settings__create" onSubmit={(event) => void create(event)} noValidate>
        <TextField
          label={t("settings.newTitle")}
          name="title"
          maxLength={200}
          placeholder={t("settings.newPlaceholder")}
          value={title}
          disabled={full}
          onChange={(event) => setTitle(event.target.value)}
          error={createError}
          hint={full ? t("settings.limit", { max: MAX_QUESTIONS }) : undefined}
        />
        <div className="button-row">
          <Button type="submit" variant="primary" loading={creating} disabled={full || !title.trim() || questions === null}>
            {t("settings.create")}
          </Button>
        </div>
      </form>
      {questions === null && !loadError && <PaneLoading label={t("common.loading")} />}
      {loadError && (
        <div className="stack">
          <FormError message={loadError} />
          <div>
            <Button onClick={load}>{t("common.retry")}</Button>
          </div>
        </div>
      )}
      {questions?.length === 0 && <p className="muted">{t("settings.empty")}</p>}
      {questions && questions.length > 0 && (
        <ul className="settings-list" aria-label={t("settings.listLabel")} data-testid="welcome-question-list">
          {questions.map((question) => (
            <li key={question.id} className="settings-list__row" data-testid="welcome-question-row">
              <Link className="settings-list__name" to={`${settingsPath(serverId)}/${question.id}`}>
                {question.title}
              </Link>
              <span className="muted settings-list__meta">
                {t("settings.answerCount", { count: question.answers.length })} · {question.multiselect ? t("settings.multiselect") : t("settings.singleSelect")}
              </span>
              <button type="button" className="icon-button" aria-label={`${t("settings.delete")} ${question.title}`} onClick={() => remove(question)}>
                <Icon name="trash" size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

function RolePicker({ serverId, selected, onToggle, label }: { serverId: string; selected: string[]; onToggle: (roleId: string) => void; label: string }) {
  const roles = useServersStore((state) => state.roles);
  const defaultRoleId = useServersStore((state) => state.servers[serverId]?.defaultRoleId ?? "");
  const options = useMemo(() => assignableRoles(roles, serverId, defaultRoleId), [roles, serverId, defaultRoleId]);
  if (options.length === 0) return <p className="muted">{t("editor.noRoles")}</p>;
  const full = selected.length >= MAX_ROLES_PER_ANSWER;
  return (
    <div className="welcome-roles" role="group" aria-label={label}>
      {options.map((role) => {
        const on = selected.includes(role.id);
        return (
          <button
            key={role.id}
            type="button"
            className={`welcome-chip welcome-chip--small${on ? " welcome-chip--on" : ""}`}
            aria-pressed={on}
            disabled={!on && full}
            onClick={() => onToggle(role.id)}
          >
            <span className="welcome-chip__dot" style={{ background: roleColour(role.hexColor) ?? "var(--text-muted)" }} aria-hidden="true" />
            {role.name}
          </button>
        );
      })}
    </div>
  );
}

function QuestionForm({ serverId, question, onSaved }: { serverId: string; question: WelcomeQuestion; onSaved: (question: WelcomeQuestion) => void }) {
  const [title, setTitle] = useState(question.title);
  const [multiselect, setMultiselect] = useState(question.multiselect);
  const [answers, setAnswers] = useState<DraftAnswer[]>(() => draftFrom(question));
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState<{ field: string | null; message: string } | null>(null);

  const fieldError = (field: string) => (errors?.field === field ? errors.message : null);
  const change = (index: number, patch: Partial<DraftAnswer>) => {
    setSaved(false);
    setAnswers((current) => current.map((answer, at) => (at === index ? { ...answer, ...patch } : answer)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setSaved(false);
    setErrors(null);
    try {
      const updated = await updateQuestion(serverId, question.id, updateBody(title, multiselect, answers));
      setAnswers(draftFrom(updated));
      setTitle(updated.title);
      setMultiselect(updated.multiselect);
      setSaved(true);
      onSaved(updated);
    } catch (failure) {
      setErrors({ field: errorField(isRequestError(failure) ? failure.path : null), message: describeError(failure) });
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate data-testid="welcome-question-form">
      <TextField label={t("editor.title")} name="title" maxLength={200} value={title} onChange={(event) => { setSaved(false); setTitle(event.target.value); }} error={fieldError("title")} />
      <label className="checkbox">
        <input type="checkbox" checked={multiselect} onChange={(event) => { setSaved(false); setMultiselect(event.target.checked); }} />
        <span>
          {t("editor.multiselect")}
          <span className="muted welcome-hint">{t("editor.multiselectHint")}</span>
        </span>
      </label>
      <h4 className="welcome-settings__heading">{t("editor.answers")}</h4>
      <p className="muted">{t("editor.answersHint", { max: MAX_ANSWERS })}</p>
      {answers.length === 0 && <p className="muted">{t("editor.noAnswers")}</p>}
      <ol className="welcome-answers" data-testid="welcome-answer-list">
        {answers.map((answer, index) => {
          const name = answer.title.trim() || t("editor.untitled", { number: index + 1 });
          return (
            <li key={answer.key} className="welcome-answer" data-testid="welcome-answer-editor">
              <div className="welcome-answer__top">
                <TextField
                  className="welcome-answer__title"
                  label={t("editor.answerTitle", { number: index + 1 })}
                  maxLength={200}
                  placeholder={t("editor.answerPlaceholder")}
                  value={answer.title}
                  onChange={(event) => change(index, { title: event.target.value })}
                  error={fieldError(`answer.${index}.title`) ?? fieldError(`answer.${index}.order`)}
                />
                <span className="welcome-answer__actions">
                  <button type="button" className="icon-button" aria-label={t("editor.moveUp", { title: name })} disabled={index === 0} onClick={() => { setSaved(false); setAnswers((current) => moveAnswer(current, index, -1)); }}>
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button type="button" className="icon-button" aria-label={t("editor.moveDown", { title: name })} disabled={index === answers.length - 1} onClick={() => { setSaved(false); setAnswers((current) => moveAnswer(current, index, 1)); }}>
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button type="button" className="icon-button" aria-label={t("editor.remove", { title: name })} onClick={() => { setSaved(false); setAnswers((current) => current.filter((_, at) => at !== index)); }}>
                    <Icon name="trash" size={16} />
                  </button>
                </span>
              </div>
              <span className="field__label">{t("editor.roles", { count: answer.roleIds.length, max: MAX_ROLES_PER_ANSWER })}</span>
              <RolePicker serverId={serverId} selected={answer.roleIds} label={t("editor.roles", { count: answer.roleIds.length, max: MAX_ROLES_PER_ANSWER })} onToggle={(roleId) => change(index, { roleIds: toggleRole(answer.roleIds, roleId) })} />
              {fieldError(`answer.${index}.roleIds`) && <p className="field__error">{fieldError(`answer.${index}.roleIds`)}</p>}
            </li>
          );
        })}
      </ol>
      <div className="button-row">
        <Button
          disabled={answers.length >= MAX_ANSWERS}
          onClick={() => {
            setSaved(false);
            setAnswers((current) => [...current, { key: newKey(), title: "", roleIds: [] }]);
          }}
        >
          {t("editor.addAnswer")}
        </Button>
      </div>
      <FormError message={errors && !errors.field?.startsWith("answer.") && errors.field !== "title" ? errors.message : null} />
      <div className="button-row button-row--end">
        {saved && (
          <p className="server-settings__saved" role="status">
            {t("common.saved")}
          </p>
        )}
        <Button type="submit" variant="primary" loading={pending}>
          {t("common.save")}
        </Button>
      </div>
    </form>
  );
}

function QuestionEditor({ serverId, questionId }: { serverId: string; questionId: string }) {
  const [state, setState] = useState<{ status: "loading" } | { status: "missing" } | { status: "failed"; message: string } | { status: "ready"; question: WelcomeQuestion }>({ status: "loading" });
  const load = useCallback(() => {
    setState({ status: "loading" });
    fetchQuestion(serverId, questionId).then(
      (question) => setState({ status: "ready", question }),
      (failure: unknown) => {
        const code = isRequestError(failure) ? failure.code : undefined;
        if (typeof code === "number" && (code === 0 || code >= 500)) setState({ status: "failed", message: describeError(failure) });
        else if (isRequestError(failure) && failure.message === "Question not found.") setState({ status: "missing" });
        else setState({ status: "failed", message: describeError(failure) });
      },
    );
  }, [serverId, questionId]);
  useEffect(load, [load]);

  return (
    <div className="stack" data-testid="welcome-question-editor">
      <Link className="server-settings__back" to={settingsPath(serverId)}>
        ← {t("editor.back")}
      </Link>
      <SettingsCard title={state.status === "ready" ? state.question.title : t("editor.heading")}>
        {state.status === "loading" && <PaneLoading label={t("common.loading")} />}
        {state.status === "missing" && <p className="muted">{t("editor.missing")}</p>}
        {state.status === "failed" && (
          <div className="stack">
            <FormError message={state.message} />
            <div>
              <Button onClick={load}>{t("common.retry")}</Button>
            </div>
          </div>
        )}
        {state.status === "ready" && <QuestionForm key={state.question.id} serverId={serverId} question={state.question} onSaved={(question) => setState({ status: "ready", question })} />}
      </SettingsCard>
    </div>
  );
}

export default function WelcomeSettings({ serverId, rest }: SettingsSectionProps) {
  return rest[0] ? <QuestionEditor serverId={serverId} questionId={rest[0]} /> : <QuestionList serverId={serverId} />;
}
