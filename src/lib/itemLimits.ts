/**
 * The limits of an item as an editor submits it (`@/lib/itemChecks` enforces them; the forms show
 * them), apart from the checks so that the app's first script needs no schema library for them.
 */
/** Limits of an editor's submission. */
export const NODE_TITLE_MAX = 200;
export const NODE_DESCRIPTION_MAX = 5000;
export const NODE_CATEGORIES_MAX = 20;
export const NODE_CATEGORY_NAME_MAX = 60;
export const NODE_IMAGES_MAX = 100;
export const NODE_LINKS_MAX = 100;
export const NODE_ID_MAX = 100;

/**
 * Ids are what URLs (`/video/{id}`) and links carry: letters, digits, `-` and `_`, starting with a
 * letter or digit. Upper case and `_` are allowed so that ids already in an archive stay editable.
 */
export const NODE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/** Ids the service's own paths use (`/nodes/journal`), so no node may take them. */
export const RESERVED_NODE_IDS: readonly string[] = ['journal'];
