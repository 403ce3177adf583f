import { Link } from 'react-router';
import { CategoryChips } from '@/features/detail/CategoryChips';
import { CopyLinkButton } from '@/features/detail/CopyLinkButton';
import { DEFAULT_THUMBNAIL_URL } from '@/lib/constants';
import { nodeRoute, videoThumbnailUrl, type MediaNode } from '@/lib/nodeModel';
import { youtubeEmbedUrl } from '@/lib/youtube';

interface Props {
  node: MediaNode;
  related: readonly MediaNode[];
  colours: Readonly<Record<string, string>>;
  onBack: () => void;
}

/** The thumbnail of any item, for the related grid. */
function thumbnailOf(node: MediaNode): string {
  return node.type === 'video'
    ? videoThumbnailUrl(node)
    : (node.images[0]?.thumbUrl ?? DEFAULT_THUMBNAIL_URL);
}

/**
 * SPEC §2 video detail: the video id, title, description, the embedded player, category chips, Back
 * and Related Media (3 columns on small screens, 5 on wide ones; page width at most 7xl).
 */
export function VideoDetail({ node, related, colours, onBack }: Props) {
  return (
    <article className="detail detail--video" aria-labelledby="detail-title">
      <div className="detail__player">
        {node.youtube_id ? (
          <iframe
            src={youtubeEmbedUrl(node.youtube_id)}
            title={node.title}
            allow="autoplay; encrypted-media; picture-in-picture"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <p className="detail__no-video">This item has no video to play.</p>
        )}
      </div>
      <header className="detail__header">
        <p className="detail__id">{node.video_id}</p>
        <h2 id="detail-title">{node.title}</h2>
      </header>
      <div className="detail__buttons">
        <button type="button" onClick={onBack}>
          Back
        </button>
        <CopyLinkButton />
        <CategoryChips categories={node.categories} colours={colours} />
      </div>
      {node.description && <p className="detail__text">{node.description}</p>}
      {related.length > 0 && (
        <section aria-labelledby="related-heading">
          <h3 id="related-heading">Related Media</h3>
          <ul className="detail__related">
            {related.map((item) => (
              <li key={item.video_id}>
                <Link to={nodeRoute(item)}>
                  <img src={thumbnailOf(item)} alt="" loading="lazy" crossOrigin="anonymous" />
                  <span>{item.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
