/** Welcome questions on the wire (rest.md §4.9, entities.md §4.10). Timestamps are epoch ms. */

export interface WelcomeAnswer {
  id: string;
  questionId?: string;
  title: string;
  /** Never the default role or a bot role; at most 5. */
  roleIds: string[];
  order: number;
  createdAt?: number;
  /** How many members chose it (list and single question). */
  _count?: { answeredUsers: number };
  /** Whether the caller chose it (list only). */
  answered?: boolean;
}

export interface WelcomeQuestion {
  id: string;
  serverId: string;
  title: string;
  multiselect: boolean;
  order: number;
  createdAt?: number;
  answers: WelcomeAnswer[];
}

/** An answer as the question editor sends it (`POST /servers/:id/welcome/questions/:id`). */
export interface AnswerUpdate {
  id?: string;
  title: string;
  order: number;
  roleIds: string[];
}
