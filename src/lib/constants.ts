/**
 * Business constants from SPEC §9, under the spec's names and in the spec's units.
 * Anything that is a rule of the product lives here, so a change of rule is a change of one line.
 */

/** Intro splash duration, ms. */
export const SPLASH_MS = 4000;
/** Delay before Continue appears once the intro text is typed, ms. */
export const CONTINUE_DELAY_MS = 2000;
/** Intro typing: per letter, extra after a space, extra after a period (not after "St."), ms. */
export const TYPING_LETTER_MS = 60;
export const TYPING_SPACE_EXTRA_MS = 15;
export const TYPING_PERIOD_EXTRA_MS = 200;

/** Node reveal interval, ms. */
export const NODE_REVEAL_INTERVAL_MS = 100;
/** "Done" shown after loading, ms. */
export const LOADED_MESSAGE_MS = 500;
/**
 * The preloader waits for the first view's images at most this long after the globe took the
 * archive's data, ms; then the globe is shown with the faces it has (the rest keep arriving).
 */
export const FIRST_VIEW_WAIT_MS = 2500;
/** Globe fade, map sphere fade and corner-logo delay, ms. */
export const GLOBE_FADE_MS = 1000;
export const MAP_SPHERE_FADE_MS = 3000;
export const LOGO_DELAY_MS = 1300;

/** Card size in world units. */
export const CARD_WIDTH = 1.66;
export const CARD_HEIGHT = 1;
/** At most this many gallery images are previewed on a card. */
export const MAX_CARD_PREVIEW_IMAGES = 8;

/** Camera field of view, degrees. */
export const CAMERA_FOV_DEG = 75;
/** Zoom range and wheel step per unit. */
export const ZOOM_MIN = 10;
export const ZOOM_MAX = 50;
export const WHEEL_STEP = 0.05;
/** Mobile rotation limit around the start, degrees ("about 33"). */
export const MOBILE_ROTATION_LIMIT_DEG = 33;

/** Window-resize debounce and pointer idle, ms. */
export const RESIZE_DEBOUNCE_MS = 300;
export const POINTER_IDLE_MS = 300;

/** At most this many category links per node while a category is selected. */
export const MAX_CATEGORY_LINKS_PER_NODE = 2;
/** Number of colours in the category palette. */
export const PALETTE_SIZE = 10;

/** Detail overlay fades, ms. */
export const DETAIL_FADE_IN_MS = 400;
export const DETAIL_FADE_OUT_MS = 300;
/** Camera flight, ms. */
export const CAMERA_FLIGHT_MS = 600;

/** Session refresh retry ceiling, ms. */
export const SESSION_REFRESH_RETRY_CEILING_MS = 5000;
/** Longest user pool id. */
export const USER_POOL_ID_MAX_LENGTH = 55;
/** Length of a provider video id. */
export const VIDEO_ID_LENGTH = 11;
/** The group that grants editor access. */
export const EDITOR_GROUP = 'editor';

/** Orbit-control defaults. */
export const ORBIT_DAMPING = 0.05;
export const ORBIT_ZOOM_SPEED = 1;
export const ORBIT_ROTATE_SPEED = 1;
export const ORBIT_PAN_SPEED = 1;
export const ORBIT_KEY_PAN_SPEED = 7;
export const ORBIT_AUTO_ROTATE_SPEED = 2;

/** Animation defaults: duration (ms) and frames before an idle animation sleeps. */
export const ANIMATION_DURATION_MS = 500;
export const ANIMATION_AUTO_SLEEP_FRAMES = 120;

/** Local-storage flag set once the intro is continued. */
export const HAS_SEEN_INTRO_KEY = 'hasSeenIntro';

/** Local default thumbnail, used when a video has no provider id or an image fails. */
export const DEFAULT_THUMBNAIL_URL = '/default-thumb.jpg';
/**
 * The picture of a shared item under the preloader (server/app/firstPaintPage.ts writes it, the
 * app's Preloader keeps it): its size as drawn, 16:9 as thumbnails are.
 */
export const SHARED_PICTURE_SIZE = { width: 320, height: 180 } as const;

/** The archive's name, in tab titles and an authenticator app's account label. */
export const SITE_NAME = 'Globe Archive';
/** The archive's own tab title and page description, as index.html has them. */
export const SITE_TITLE = `${SITE_NAME}: the St. Louis tornado of 16 May 2025`;
export const SITE_DESCRIPTION =
  'A public archive of community videos and photos about the tornado that struck St. Louis on ' +
  '16 May 2025, from Clayton into North City, explored on an interactive 3D globe.';

/**
 * Rows the Archive items list holds until the visitor asks for more ("Show 200 more"). Thousands
 * of mounted rows made every change of the filter, every search keystroke and every move of the
 * timeline wait for them (10,000 items: seconds of idle batches, and each keystroke 20-40 ms while
 * they mounted); the search, the filters and the timeline are the way through thousands.
 */
export const LIST_PAGE_ITEMS = 200;
