/** Product constants from spec §9, named after the spec's words. */
export const APP_VERSION = '1.0.0';
export const CACHE_MS = { profile: 10_000, projects: 10_000, independentChats: 10_000 } as const;
export const DRAWER_BREAKPOINT_PX = 768;
export const DRAWER_PLACEHOLDER_ROWS = 3;
export const SUGGESTION_DEBOUNCE_MS = 300;
export const SUGGESTION_LIMIT = 8;
export const FAQ_SEARCH_DEBOUNCE_MS = 300;
export const PAGE_SIZE = 10;
export const QUESTION_PREVIEW_CHARS = 100;
export const QUESTION_MAX_CHARS = 2000;
export const FEEDBACK_COMMENT_MAX = 500;
export const MESSAGE_BOX_MIN_PX = 36;
export const MESSAGE_BOX_MAX_PX = 240;
export const SUCCESS_REDIRECT_MS = 2000;
export const FEEDBACK_THANKS_MS = 2000;
export const CHECKOUT_REDIRECT_MS = 100;
export const API_BASE = '/api/v1';
