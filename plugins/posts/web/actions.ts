/** What the post buttons do; failures are shown in an alert (spec §8 "Post actions"). */
import { describeError } from "@hearth/api/requestErrors";
import * as api from "./api";
import { dropFromLists, listKeys, prependToList, rememberPosts, usePostStore } from "./postStore";
import type { Post } from "./types";

function alertFailure(error: unknown): void {
  window.alert(describeError(error));
}

async function attempt<T>(action: () => Promise<T>): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    alertFailure(error);
    return undefined;
  }
}

export const isLiked = (post: Post) => (post.likedBy?.length ?? 0) > 0;

export async function toggleLike(post: Post): Promise<void> {
  const updated = await attempt(() => (isLiked(post) ? api.unlikePost(post.id) : api.likePost(post.id)));
  if (updated) rememberPosts([updated]);
}

export async function repost(post: Post): Promise<void> {
  const created = await attempt(() => api.repostPost(post.id));
  if (created) prependToList(listKeys.feed, created);
}

export async function vote(post: Post, choiceId: string): Promise<void> {
  const poll = post.poll;
  if (!poll) return;
  const done = await attempt(() => api.votePoll(post.id, poll.id, choiceId));
  if (done === undefined) return;
  // the live count (post:updated) follows; mark the vote now so the results show at once
  const choices = poll.choices.map((c) => (c.id === choiceId ? { ...c, _count: { votedUsers: c._count.votedUsers + 1 } } : c));
  rememberPosts([{ ...post, poll: { ...poll, votedUsers: [{ pollChoiceId: choiceId }], choices,
    _count: { votedUsers: poll._count.votedUsers + 1 } } }]);
}

export async function removePost(post: Post): Promise<void> {
  const done = await attempt(() => api.deletePost(post.id));
  if (done === undefined) return;
  if (post.repostId) {
    dropFromLists(post.id);
    return;
  }
  rememberPosts([{ ...post, deleted: true, content: null, attachments: [], poll: null }]);
  dropFromLists(post.id);
}

export async function editPost(post: Post, content: string): Promise<boolean> {
  const updated = await attempt(() => api.editPost(post.id, content));
  if (updated) rememberPosts([updated]);
  return updated !== undefined;
}

export async function setPinned(post: Post, pinned: boolean): Promise<void> {
  const done = await attempt(() => (pinned ? api.pinPost(post.id) : api.unpinPost(post.id)));
  if (done === undefined) return;
  const key = listKeys.pinned(post.createdBy.id);
  const list = usePostStore.getState().lists[key];
  if (list) {
    usePostStore.setState(({ lists }) => ({
      lists: { ...lists, [key]: { ...list, ids: pinned ? [post.id, ...list.ids] : list.ids.filter((id) => id !== post.id) } },
    }));
  }
}

export function postLink(postId: string): string {
  return `${window.location.origin}/p/${postId}`;
}
