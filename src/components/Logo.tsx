import type { CSSProperties } from 'react';

/**
 * The Globe Archive logo, drawn from the symbol the document carries (index.html, outside the
 * app's root): it paints with the document's first frame and the app draws the very same one, so
 * the takeover neither fetches nor swaps an image. `label` names it where it stands alone; without
 * one it is decoration (a link around it carries the name).
 */
export function Logo({
  className,
  width,
  height,
  label,
  style,
}: {
  className?: string;
  width: number;
  height: number;
  label?: string;
  style?: CSSProperties;
}) {
  return (
    <svg
      className={className}
      width={width}
      height={height}
      viewBox="0 0 284 72"
      style={style}
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <use href="#logo-art" />
    </svg>
  );
}
