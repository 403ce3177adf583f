import { useCallback, useEffect, useRef, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { GalleryDetail } from '@/features/detail/GalleryDetail';
import { useItemMeta } from '@/features/detail/useItemMeta';
import { VideoDetail } from '@/features/detail/VideoDetail';
import type { MediaNode } from '@/lib/nodeModel';

interface Props {
  /** The item shown, or `null` when the route's id is not in the archive. */
  node: MediaNode | null;
  related: readonly MediaNode[];
  colours: Readonly<Record<string, string>>;
  /** Faded in (0.4 s) or out (0.3 s), per SPEC §4. */
  shown: boolean;
  mobile: boolean;
  onClose: () => void;
}

/**
 * The detail overlay over the globe. While open, Back, Escape, a click on the backdrop or (on
 * desktop) a double-click close it; a gallery's backdrop closes it on desktop only. Focus moves
 * into it when it opens and back where it was when it closes.
 */
export function DetailOverlay({ node, related, colours, shown, mobile, onClose }: Props) {
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

  const backdropCloses = node?.type !== 'gallery' || !mobile;
  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && backdropCloses) onClose();
  };

  return (
    <div
      className={`detail-overlay${shown ? ' detail-overlay--shown' : ''}`}
      onClick={onBackdrop}
      onDoubleClick={(event) => {
        if (!mobile && event.target === event.currentTarget) onClose();
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
        {node === null ? (
          <article className="detail">
            <h2 id="detail-title">Item not found</h2>
            <p>
              This archive has no item at this address. It may have been removed, or the link may be
              mistyped.
            </p>
            <p>
              <Link to="/">Back to the archive</Link>
            </p>
          </article>
        ) : node.type === 'video' ? (
          <VideoDetail node={node} related={related} colours={colours} onBack={onClose} />
        ) : (
          <GalleryDetail
            node={node}
            colours={colours}
            onBack={onClose}
            onLightboxChange={setLightbox}
          />
        )}
      </div>
    </div>
  );
}
