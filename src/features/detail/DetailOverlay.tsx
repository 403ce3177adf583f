import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { NARROW_SCREEN, useMediaQuery } from '@/components/useMediaQuery';
import { GalleryDetail } from '@/features/detail/GalleryDetail';
import { useItemMeta } from '@/features/detail/useItemMeta';
import { VideoDetail } from '@/features/detail/VideoDetail';
import type { MediaNode } from '@/lib/nodeModel';
import './DetailOverlay.css';
import { BackArrow } from '@/components/BackArrow';

interface Props {
  /** The item shown, or `null` when the route's id is not in the archive. */
  node: MediaNode | null;
  related: readonly MediaNode[];
  colours: Readonly<Record<string, string>>;
  /** Faded in (0.4 s) or out (0.3 s), per SPEC §4. */
  shown: boolean;
  mobile: boolean;
  onClose: () => void;
  /**
   * Given while the overlay closes: called once it has faded out, so that the camera flies back
   * only then (SPEC §4). At once where nothing fades (reduced motion, a page without CSS
   * transitions, an overlay that had not faded in).
   */
  onFadedOut?: () => void;
  /** Shown above the item, inside its panel (the intro offered to a visitor who came by its link). */
  above?: ReactNode;
}

/**
 * What keeps its clicks to itself inside the overlay: controls, the player, pictures, and the
 * lightbox (which closes by its own button and keys).
 */
const OWN_CLICKS =
  'a, button, input, select, textarea, label, summary, iframe, video, audio, canvas, img, ' +
  '[role="button"], [role="link"], [contenteditable], .lightbox';

/** Whether a point lies on the rendered text of `element`'s own text (not its children's). */
function onOwnText(element: Element, x: number, y: number): boolean {
  const slop = 2;
  for (const node of element.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (
        x >= rect.left - slop &&
        x <= rect.right + slop &&
        y >= rect.top - slop &&
        y <= rect.bottom + slop
      )
        return true;
    }
  }
  return false;
}

/**
 * SPEC §2 "while open, clicking anywhere closes it": anywhere that is not a control or content
 * meant to be read or selected. The globe around the panel and the panel's empty parts close it;
 * a click on text, a link, a button, the player or a picture does not, nor the end of a drag that
 * selected text.
 */
export function clickCloses(target: EventTarget | null, x: number, y: number): boolean {
  if (!(target instanceof Element) || target.closest(OWN_CLICKS)) return false;
  const selection = window.getSelection();
  if (selection && !selection.isCollapsed && selection.toString().trim() !== '') return false;
  return !onOwnText(target, x, y);
}

/**
 * The detail overlay over the globe. While open, Back, Escape, a click anywhere but on a control
 * or on what is there to read (see `clickCloses`) or (on desktop) a double-click there close it;
 * a gallery closes so on desktop only. Focus moves into it when it opens and back where it was
 * when it closes. On a phone it is an opaque sheet over the whole screen, Back in a bar at its top.
 */
export function DetailOverlay({
  node,
  related,
  colours,
  shown,
  mobile,
  onClose,
  onFadedOut,
  above,
}: Props) {
  const { t } = useLingui();
  const overlayRef = useRef<HTMLDivElement>(null);
  // On a phone the item is a sheet of its own, its Back at the top (issue 47).
  const sheet = useMediaQuery(NARROW_SCREEN);
  const backInRow = sheet ? null : onClose;
  const panelRef = useRef<HTMLDivElement>(null);
  useItemMeta(shown ? node : null);
  const lightboxOpen = useRef(false);
  const setLightbox = useCallback((open: boolean) => {
    lightboxOpen.current = open;
  }, []);

  useEffect(() => {
    if (!shown) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      // The lightbox takes the first Escape; the next one closes the gallery.
      if (event.key === 'Escape' && !lightboxOpen.current) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [shown, onClose]);

  // The fade-out is the overlay's own CSS transition: its end, not a timer beside it, says when
  // the overlay is gone. `getAnimations()` brings the styles up to date first, so the transition
  // this render started is among them.
  useEffect(() => {
    const overlay = overlayRef.current;
    if (shown || !onFadedOut || !overlay) return;
    const fades = typeof overlay.getAnimations === 'function' ? overlay.getAnimations() : [];
    if (fades.length === 0) {
      onFadedOut();
      return;
    }
    let current = true;
    // A fade cut short (its transition removed, the overlay hidden) rejects: it is over all the same.
    const ended = () => {
      if (current) onFadedOut();
    };
    void Promise.all(fades.map((fade) => fade.finished)).then(ended, ended);
    return () => {
      current = false;
    };
  }, [shown, onFadedOut]);

  const clicksClose = node?.type !== 'gallery' || !mobile;
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      clicksClose &&
      !lightboxOpen.current &&
      clickCloses(event.target, event.clientX, event.clientY)
    )
      onClose();
  };

  return (
    <div
      ref={overlayRef}
      className={`detail-overlay${shown ? ' detail-overlay--shown' : ''}`}
      onClick={onClick}
      onDoubleClick={(event) => {
        if (
          !mobile &&
          !lightboxOpen.current &&
          clickCloses(event.target, event.clientX, event.clientY)
        )
          onClose();
      }}
    >
      <div
        ref={panelRef}
        className="detail-overlay__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="detail-title"
        tabIndex={-1}
      >
        {sheet && (
          <div className="detail-overlay__bar">
            <button type="button" onClick={onClose}>
              <BackArrow />
              {t({
                message: 'Back',
                comment: 'The button that closes the item and goes back to the globe',
              })}
            </button>
          </div>
        )}
        {above}
        {node === null ? (
          <article className="detail">
            <h2 id="detail-title">{t`Item not found`}</h2>
            <p>
              {t`This archive has no item at this address. It may have been removed, or the link may be mistyped.`}
            </p>
            <p>
              <Link to="/">{t`Back to the archive`}</Link>
            </p>
          </article>
        ) : node.type === 'video' ? (
          <VideoDetail node={node} related={related} colours={colours} onBack={backInRow} />
        ) : (
          <GalleryDetail
            node={node}
            colours={colours}
            onBack={backInRow}
            onLightboxChange={setLightbox}
          />
        )}
      </div>
    </div>
  );
}
