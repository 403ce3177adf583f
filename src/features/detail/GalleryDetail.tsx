import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { lazyWithWords } from '@/i18n/catalogs';
import { RecordedDate } from '@/components/RecordedDate';
import { DetailActions } from '@/features/detail/DetailActions';
import { AskForRemoval } from '@/features/detail/askForRemoval';
import { ItemFacts } from '@/features/detail/ItemFacts';
import { ItemRights } from '@/features/detail/ItemRights';
import { galleryHasManifest, IIIF_PRESENTATION_TYPE, itemManifestPath } from '@/lib/iiif';
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

/** Deep zoom (OpenSeadragon): loaded when a visitor first zooms a photo (issue 52). */
const DeepZoom = lazyWithWords(() =>
  import('@/features/detail/DeepZoom').then((m) => ({ default: m.DeepZoom })),
);

/**
 * Whether a photo has more pixels than the lightbox shows of it: only then is deep zoom offered
 * (a photo shown whole at its own size has nothing more to show).
 */
function isLargerThanShown(img: HTMLImageElement): boolean {
  const ratio = window.devicePixelRatio || 1;
  return (
    img.naturalWidth > img.clientWidth * ratio + 1 ||
    img.naturalHeight > img.clientHeight * ratio + 1
  );
}

/**
 * The gallery's IIIF manifest (issue 52) under IIIF's logo: the link opens it, and dragging the
 * logo into a IIIF viewer (Mirador, the Universal Viewer) opens the gallery there, as IIIF's
 * drag-and-drop convention reads the link's `manifest` parameter.
 */
function IiifLink({ itemId }: { itemId: string }) {
  const { t } = useLingui();
  const manifest = new URL(itemManifestPath(itemId), window.location.origin).href;
  return (
    <p className="detail__iiif">
      <a
        href={`${manifest}?manifest=${encodeURIComponent(manifest)}`}
        type={IIIF_PRESENTATION_TYPE}
        title={t`Drag into a IIIF viewer to open this gallery there`}
      >
        <img src="/iiif-logo.svg" alt="" width={21} height={18} />
        {t({
          message: 'IIIF manifest',
          comment:
            'The link to a gallery’s IIIF manifest (IIIF: the image standard of libraries and museums; keep the name)',
        })}
      </a>
    </p>
  );
}

/**
 * The lightbox's photo, fitted to the screen, with Zoom where it has more pixels than are shown
 * (deep zoom, `DeepZoom`, in its place until Fit to screen). Keyed by the photo: the next one
 * opens fitted again. A sideways swipe on a touch screen steps through the photos, as on a
 * phone's own; a zoomed photo takes the swipe as a pan.
 */
function LightboxPhoto({
  url,
  label,
  onSwipe,
}: {
  url: string;
  label: string;
  onSwipe: (by: number) => void;
}) {
  const { t } = useLingui();
  const [zoomed, setZoomed] = useState(false);
  const [canZoom, setCanZoom] = useState(false);
  const swipeRef = useRef<{ x: number; y: number } | null>(null);
  return (
    <>
      {zoomed ? (
        <Suspense fallback={<p className="lightbox__zoom" data-phase="loading">{t`Loading…`}</p>}>
          <DeepZoom fullUrl={url} label={label} />
        </Suspense>
      ) : (
        <img
          className="lightbox__image"
          src={url}
          alt={label}
          crossOrigin="anonymous"
          onLoad={(event) => setCanZoom(isLargerThanShown(event.currentTarget))}
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
              onSwipe(dx < 0 ? 1 : -1);
          }}
          onPointerCancel={() => (swipeRef.current = null)}
        />
      )}
      {(canZoom || zoomed) && (
        <button
          type="button"
          className="lightbox__zoom-toggle"
          aria-pressed={zoomed}
          onClick={() => setZoomed((was) => !was)}
        >
          {zoomed
            ? t({ message: 'Fit to screen', comment: 'Leaves the deep zoom of a photo' })
            : t({ message: 'Zoom', comment: 'Opens a photo in deep zoom' })}
        </button>
      )}
    </>
  );
}

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

  const open = index !== null;
  useEffect(() => onLightboxChange(open), [open, onLightboxChange]);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      // On a 3D capture the arrow keys turn it; Escape still closes.
      // So do they pan a zoomed photo that has focus.
      const onCapture =
        event.target instanceof Element &&
        event.target.closest('.capture__canvas, .lightbox__zoom-view');
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
      {galleryHasManifest(node, node.images) && <IiifLink itemId={node.video_id} />}
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
            <LightboxPhoto
              key={index}
              url={image.fullUrl}
              label={t`${title}, image ${position} of ${count}`}
              onSwipe={step}
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
