/** A gettext catalog, compiled by @lingui/vite-plugin when imported (issue 49). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
