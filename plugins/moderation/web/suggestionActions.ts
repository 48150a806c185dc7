/** The wording of a suggested action by its ModAuditLog type (entities.md §10.13). */
export const SUGGESTION_LABEL = (actionType: number) => `suggestions.action.${actionType}` as "suggestions.action.0";
