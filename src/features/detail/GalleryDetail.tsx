import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { lazyWithWords } from '@/i18n/catalogs';
import { RecordedDate } from '@/components/RecordedDate';
import { DetailActions } from '@/features/detail/DetailActions';
import { AskForRemoval } from '@/features/detail/askForRemoval';
import { ItemFacts } from '@/features/detail/ItemFacts';
import { ItemRights } from '@/features/detail/ItemRights';
import type { MediaNode } from '@/lib/nodeModel';
import './detail.css';

interface Props {
  node: MediaNode;
  colours: Readonly<Record<string, string>>;
  /** Back in the row of buttons; null where the sheet has it at its top. */
  onBack: (() => void) | null;
  /** Whether the lightbox is open, so Escape closes it before the gallery. */
  onLightboxChange: (open: boolean) => void;
}

/**
 * The 3D capture viewer: loaded when a capture is opened, never with the home screen (issue 48:
 * what the start chunk evaluates before the globe shows).
 */
const CaptureViewer = lazyWithWords(() =>
  import('@/features/detail/CaptureViewer').then((m) => ({ default: m.CaptureViewer })),
);

/** While the viewer's code loads: what the viewer shows while its capture loads. */
function CaptureLoading() {
  const { t } = useLingui();
  return (
    <div className="capture" data-phase="loading">
      <div className="capture__loading">
        <progress max={100} aria-label={t`Loading the 3D capture`} />
        <span>{t`Loading…`}</span>
      </div>
    </div>
  );
}

/** A touch moving sideways this far, in CSS pixels, is a swipe to the next or previous image. */
const SWIPE_PX = 40;

/** A failed image says so in place instead of showing a broken-image icon. */
function markFailed(event: SyntheticEvent<HTMLImageElement>) {
  event.currentTarget.closest('.gallery__cell')?.classList.add('gallery__cell--failed');
}

/** The gallery's grid of pictures, each a button that opens it in the lightbox. */
function GalleryGrid({
  images,
  onOpen,
}: {
  images: MediaNode['images'];
  onOpen: (index: number, opener: HTMLButtonElement) => void;
}) {
  const { t } = useLingui();
  const count = images.length;
  return (
    <ul
      className="gallery__grid"
      aria-label={t({ message: 'Images', comment: "A gallery's grid of pictures" })}
    >
      {images.map((img, i) => {
        const position = i + 1;
        return (
          <li key={`${img.fullUrl}-${i}`} className="gallery__cell">
            <button
              type="button"
              className="gallery__open"
              aria-label={
                img.capture
                  ? t`Open 3D capture ${position} of ${count}`
                  : t`Open image ${position} of ${count}`
              }
              onClick={(event) => onOpen(i, event.currentTarget)}
            >
              <img
                src={img.fullUrl}
                alt=""
                loading="lazy"
                crossOrigin="anonymous"
                onError={markFailed}
              />
              <span className="gallery__failed">{t`Image unavailable`}</span>
              {img.capture && (
                <span className="gallery__badge" aria-hidden="true">
                  3D
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * SPEC §2 gallery detail: the title, the row of buttons (Back, Copy link, category chips, in the
 * video's order and place), a grid of the full images (2 columns small, 4 tablet, 8 wide), the
 * description, and the id with the rights. An image opens the lightbox: Previous,
 * Next and Close; ArrowLeft / ArrowRight step, Escape closes it (a second Escape, the gallery).
 * A 3D capture shows its poster with a "3D" mark and opens in a viewer (see `CaptureViewer`).
 */
export function GalleryDetail({ node, colours, onBack, onLightboxChange }: Props) {
  const { t } = useLingui();
  const [index, setIndex] = useState<number | null>(null);
  const count = node.images.length;
  const title = node.title;
  const closeRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const swipeRef = useRef<{ x: number; y: number } | null>(null);

  const open = index !== null;
  useEffect(() => onLightboxChange(open), [open, onLightboxChange]);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      // On a 3D capture the arrow keys turn it; Escape still closes.
      const onCapture = event.target instanceof Element && event.target.closest('.capture__canvas');
      if (onCapture && event.key.startsWith('Arrow')) return;
      if (event.key === 'ArrowRight') setIndex((i) => (i === null ? i : (i + 1) % count));
      else if (event.key === 'ArrowLeft')
        setIndex((i) => (i === null ? i : (i - 1 + count) % count));
      else if (event.key === 'Escape') {
        event.stopImmediatePropagation();
        setIndex(null);
        openerRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, count]);

  const image = index === null ? null : node.images[index];
  /** The open image's place in the gallery, from 1. */
  const position = index === null ? 0 : index + 1;
  const step = (by: number) => setIndex((i) => (i === null ? i : (i + by + count) % count));
  return (
    <article className="detail detail--gallery" aria-labelledby="detail-title">
      <header className="detail__header">
        <h2 id="detail-title" lang={node.language}>
          {node.title}
        </h2>
        {node.date && (
          <p className="detail__date">
            <Trans comment="When the item's media was recorded: the date follows, as in 'Recorded Friday 16 May 2025, 2:52 pm'">
              Recorded <RecordedDate date={node.date} />
            </Trans>
          </p>
        )}
        <ItemFacts node={node} />
      </header>
      <DetailActions categories={node.categories} colours={colours} onBack={onBack} />
      {count === 0 ? (
        <p>{t`This gallery has no images yet.`}</p>
      ) : (
        <GalleryGrid
          images={node.images}
          onOpen={(i, opener) => {
            openerRef.current = opener;
            setIndex(i);
          }}
        />
      )}
      {node.description && (
        <p className="detail__text" lang={node.language}>
          {node.description}
        </p>
      )}
      <ItemRights credit={node.credit} license={node.license} id={node.video_id} />
      <AskForRemoval itemId={node.video_id} />
      {image && index !== null && (
        <div
          className="lightbox"
          role="dialog"
          aria-modal="true"
          aria-label={
            image.capture
              ? t`3D capture ${position} of ${count}: ${title}`
              : t`Image ${position} of ${count}: ${title}`
          }
        >
          {image.capture ? (
            <Suspense fallback={<CaptureLoading />}>
              <CaptureViewer
                key={`${index}-${image.capture.url}`}
                capture={image.capture}
                posterUrl={image.fullUrl}
                label={t`${title}, 3D capture ${position} of ${count}`}
              />
            </Suspense>
          ) : (
            <img
              className="lightbox__image"
              src={image.fullUrl}
              alt={t`${title}, image ${position} of ${count}`}
              crossOrigin="anonymous"
              // A sideways swipe on a touch screen steps through the images, as on a phone's own.
              onPointerDown={(event) => {
                if (event.pointerType !== 'mouse')
                  swipeRef.current = { x: event.clientX, y: event.clientY };
              }}
              onPointerUp={(event) => {
                const start = swipeRef.current;
                swipeRef.current = null;
                if (!start) return;
                const dx = event.clientX - start.x;
                if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y))
                  step(dx < 0 ? 1 : -1);
              }}
              onPointerCancel={() => (swipeRef.current = null)}
            />
          )}
          <p className="lightbox__count" aria-live="polite">
            {index + 1} / {count}
          </p>
          <button type="button" className="lightbox__previous" onClick={() => step(-1)}>
            {t`Previous image`}
          </button>
          <button type="button" className="lightbox__next" onClick={() => step(1)}>
            {t`Next image`}
          </button>
          <button
            ref={closeRef}
            type="button"
            className="lightbox__close"
            onClick={() => {
              setIndex(null);
              openerRef.current?.focus();
            }}
          >
            {t({ message: 'Close', comment: 'The button that closes the enlarged picture' })}
          </button>
        </div>
      )}
    </article>
  );
}
