/** Profiles and follows (rest.md §1.26, §1.28, §1.30–1.33). */
import { request } from "@hearth/api/request";
import type { ListedUser, UserDetails } from "./types";

const id = (value: string) => encodeURIComponent(value);

export const fetchUserDetails = (userId: string) => request<UserDetails>({ path: `/users/${id(userId)}` });
export const followUser = (userId: string) => request({ method: "POST", path: `/users/${id(userId)}/follow` });
export const unfollowUser = (userId: string) => request({ method: "DELETE", path: `/users/${id(userId)}/follow` });
export const fetchFollowers = (userId: string) => request<ListedUser[]>({ path: `/users/${id(userId)}/followers` });
export const fetchFollowing = (userId: string) => request<ListedUser[]>({ path: `/users/${id(userId)}/following` });
export const searchUsers = (query: string) => request<ListedUser[]>({ path: "/users/search", query: { q: query } });
