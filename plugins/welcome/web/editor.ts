/** The pure parts of the welcome screens: the question editor's draft, and answering. */
import type { ServerRole } from "../../servers/web/public";
import type { AnswerUpdate, WelcomeAnswer, WelcomeQuestion } from "./types";

export const MAX_QUESTIONS = 10;
export const MAX_ANSWERS = 10;
export const MAX_ROLES_PER_ANSWER = 5;

/** An answer being edited; `key` is stable across reordering (new answers have no `id` yet). */
export interface DraftAnswer {
  key: string;
  id?: string;
  title: string;
  roleIds: string[];
}

let nextKey = 1;
export const newKey = (): string => `new-${nextKey++}`;

export function sortAnswers<A extends Pick<WelcomeAnswer, "order" | "createdAt" | "id">>(answers: readonly A[]): A[] {
  return [...answers].sort((a, b) => a.order - b.order || (a.createdAt ?? 0) - (b.createdAt ?? 0) || a.id.localeCompare(b.id));
}

export function draftFrom(question: Pick<WelcomeQuestion, "answers">): DraftAnswer[] {
  return sortAnswers(question.answers).map((answer) => ({ key: answer.id, id: answer.id, title: answer.title, roleIds: [...answer.roleIds] }));
}

/** Moves the answer at `index` one step up (-1) or down (+1); the same list when it cannot move. */
export function moveAnswer<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Adds or removes a role; adding past the limit changes nothing. */
export function toggleRole(roleIds: readonly string[], roleId: string, limit = MAX_ROLES_PER_ANSWER): string[] {
  if (roleIds.includes(roleId)) return roleIds.filter((id) => id !== roleId);
  if (roleIds.length >= limit) return [...roleIds];
  return [...roleIds, roleId];
}

/** Roles an answer may grant: the server's, without the default role and bot roles, highest first. */
export function assignableRoles(roles: Readonly<Record<string, ServerRole | undefined>>, serverId: string, defaultRoleId: string): ServerRole[] {
  return Object.values(roles)
    .filter((role): role is ServerRole => Boolean(role) && role!.serverId === serverId && role!.id !== defaultRoleId && !role!.botRole)
    .sort((a, b) => b.order - a.order);
}

/** The body of the update route: answers in the shown order (order = position), trimmed titles. */
export function updateBody(title: string, multiselect: boolean, answers: readonly DraftAnswer[]): { title: string; multiselect: boolean; answers: AnswerUpdate[] } {
  return {
    title: title.trim(),
    multiselect,
    answers: answers.map((answer, order) => ({ ...(answer.id ? { id: answer.id } : {}), title: answer.title.trim(), order, roleIds: answer.roleIds })),
  };
}

/** Where a server error belongs: `title`, `multiselect`, `answers[i].title|roleIds|order` → `answer.<i>.<field>`, else the form. */
export function errorField(path: string | null | undefined): string | null {
  if (!path) return null;
  if (path === "title" || path === "multiselect" || path === "answers") return path;
  const match = /^answers\[(\d+)\]\.(title|roleIds|order)/.exec(path);
  return match ? `answer.${match[1]}.${match[2]}` : null;
}

/** The questions after the caller chose (`chosen: true`) or took back an answer: flags and counts,
 * and on a single-select question the previous choice is dropped. */
export function applyChoice(questions: readonly WelcomeQuestion[], answerId: string, chosen: boolean): WelcomeQuestion[] {
  return questions.map((question) => {
    if (!question.answers.some((answer) => answer.id === answerId)) return question;
    return {
      ...question,
      answers: question.answers.map((answer) => {
        const count = answer._count?.answeredUsers ?? 0;
        if (answer.id === answerId) {
          if (Boolean(answer.answered) === chosen) return answer;
          return { ...answer, answered: chosen, _count: { answeredUsers: Math.max(0, count + (chosen ? 1 : -1)) } };
        }
        if (chosen && !question.multiselect && answer.answered) return { ...answer, answered: false, _count: { answeredUsers: Math.max(0, count - 1) } };
        return answer;
      }),
    };
  });
}
