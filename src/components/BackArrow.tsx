/**
 * The arrow before a Back button's or link's words, drawn rather than typed. "←" is not in every
 * font a browser may give the page (Noto Sans, the sans-serif of Debian and of many Linux
 * desktops, lacks it), and a character the page's font lacks sends the browser through each
 * family of the page's list and then the system's own fonts, in the layout that first shows it:
 * 60-70 ms of a phone-speed main thread here (CPU ÷4, issue 48). Drawn, it is also the same
 * arrow in every font, in the text's colour.
 */
export function BackArrow() {
  return (
    <svg
      className="back-arrow"
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M13.5 8H3M7.5 3.5 3 8l4.5 4.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
