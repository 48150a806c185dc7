import { useSelfUserStore } from "@hearth/stores/selfUserStore";

/** FOUNDER or ADMIN: who may see every ticket (rest.md §8.4). */
export const useIsTicketStaff = () => useSelfUserStore((state) => ((state.user?.badges ?? 0) & (1 | 2)) !== 0);
