import { useLingui } from '@lingui/react/macro';
import { useState, type ComponentType } from 'react';
import { galleryGrid } from '@/lib/cardGrid';
import { cardPreviewImages, nodeThumbnailUrl, type MediaNode } from '@/lib/nodeModel';
import {
  PUBLIC_PHOTOS,
  withPhotoSources,
  type PhotoSource,
} from '@/features/editor/useWaitingPhotos';
import './ItemPreview.css';

/** How the app renders an item's detail view (the router passes the visitors' own). */
export type DetailPreviewComponent = ComponentType<{
  node: MediaNode;
  related: readonly MediaNode[];
}>;

/**
 * The globe card as visitors will see it: the video's thumbnail, or the gallery's grid, whose
 * photos `photoSrc` shows (a submission's are not public yet).
 */
export function CardPreview({
  node,
  photoSrc = PUBLIC_PHOTOS,
}: {
  node: MediaNode;
  photoSrc?: PhotoSource;
}) {
  const { t } = useLingui();
  const images = cardPreviewImages(node);
  const { columns, rows } = galleryGrid(images.length);
  return (
    <figure
      className="card-preview"
      aria-label={t({
        message: 'Card preview',
        comment: "The preview of an item's card as the globe shows it",
      })}
    >
      {node.type === 'gallery' && images.length > 0 ? (
        <div
          className="card-preview__grid"
          style={{
            gridTemplateColumns: `repeat(${columns}, 1fr)`,
            gridTemplateRows: `repeat(${rows}, 1fr)`,
          }}
        >
          {images.map((image, index) => {
            const src = photoSrc(image.thumbUrl);
            return src ? <img key={index} src={src} alt="" /> : <span key={index} />;
          })}
        </div>
      ) : (
        <img className="card-preview__thumb" src={nodeThumbnailUrl(node)} alt="" />
      )}
      <figcaption className="card-preview__title">
        {node.title || t({ message: 'Untitled', comment: 'An item with no title yet' })}
      </figcaption>
    </figure>
  );
}

/**
 * The item before it is saved: its card, and on request its detail view exactly as the public
 * globe shows it (the video player loads only then).
 */
export function ItemPreview({
  node,
  related,
  DetailPreview,
  photoSrc = PUBLIC_PHOTOS,
}: {
  /** The draft as visitors would get it, or null while it cannot be shown. */
  node: MediaNode | null;
  related: readonly MediaNode[];
  DetailPreview: DetailPreviewComponent;
  /** What the photos show: a submission's are not public until it is approved. */
  photoSrc?: PhotoSource;
}) {
  const { t } = useLingui();
  const [detail, setDetail] = useState(false);
  const preview = t({
    message: 'Preview',
    comment: 'The heading of the item as visitors will see it, beside the form',
  });
  if (node === null) {
    return (
      <section className="item-preview" aria-label={preview}>
        <h2>{preview}</h2>
        <p className="field__hint">{t`Fill in the title and the position to see the card.`}</p>
      </section>
    );
  }
  return (
    <section className="item-preview" aria-label={preview}>
      <h2>{preview}</h2>
      <CardPreview node={node} photoSrc={photoSrc} />
      <button
        type="button"
        className="button-quiet"
        aria-expanded={detail}
        onClick={() => setDetail((open) => !open)}
      >
        {detail ? t`Hide the detail view` : t`Show the detail view`}
      </button>
      {detail && (
        <div className="item-preview__detail">
          <DetailPreview node={withPhotoSources(node, photoSrc)} related={related} />
        </div>
      )}
    </section>
  );
}
