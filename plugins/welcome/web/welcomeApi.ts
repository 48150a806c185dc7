/** REST calls of welcome questions (rest.md §4.9). */
import { request } from "@hearth/api/request";
import type { AnswerUpdate, WelcomeQuestion } from "./types";

const questions = (serverId: string) => `/servers/${encodeURIComponent(serverId)}/welcome/questions`;
const question = (serverId: string, questionId: string) => `${questions(serverId)}/${encodeURIComponent(questionId)}`;
const answer = (serverId: string, answerId: string) => `/servers/${encodeURIComponent(serverId)}/welcome/answers/${encodeURIComponent(answerId)}/answer`;

export function fetchQuestions(serverId: string): Promise<WelcomeQuestion[]> {
  return request<WelcomeQuestion[]>({ path: questions(serverId) });
}

export function fetchQuestion(serverId: string, questionId: string): Promise<WelcomeQuestion> {
  return request<WelcomeQuestion>({ path: question(serverId, questionId) });
}

export function createQuestion(serverId: string, title: string): Promise<WelcomeQuestion> {
  return request<WelcomeQuestion>({ method: "POST", path: questions(serverId), body: { title, multiselect: false, answers: [] } });
}

export function updateQuestion(serverId: string, questionId: string, body: { title: string; multiselect: boolean; answers: AnswerUpdate[] }): Promise<WelcomeQuestion> {
  return request<WelcomeQuestion>({ method: "POST", path: question(serverId, questionId), body });
}

export function deleteQuestion(serverId: string, questionId: string): Promise<unknown> {
  return request({ method: "DELETE", path: question(serverId, questionId) });
}

export function chooseAnswer(serverId: string, answerId: string): Promise<unknown> {
  return request({ method: "POST", path: answer(serverId, answerId) });
}

export function unchooseAnswer(serverId: string, answerId: string): Promise<unknown> {
  return request({ method: "DELETE", path: answer(serverId, answerId) });
}
