import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAnalytics } from '@/app/hooks';
import { RecordedDate } from '@/components/RecordedDate';
import { useAfterFirstPaint } from '@/components/useAfterFirstPaint';
import { DetailActions } from '@/features/detail/DetailActions';
import { AskForRemoval } from '@/features/detail/askForRemoval';
import { ItemFacts } from '@/features/detail/ItemFacts';
import { ItemRights } from '@/features/detail/ItemRights';
import { useVideoReports } from '@/features/detail/useVideoReports';
import { nodeRoute, nodeThumbnailUrl, type MediaNode } from '@/lib/nodeModel';
import { CLICK } from '@/lib/analytics';
import { parseMediaType } from '@/lib/mediaType';
import { itemInFilterRoute } from '@/lib/routes';
import { rangeOfTexts, rangeText } from '@/lib/timeRange';
import { youtubeEmbedUrl } from '@/lib/youtube';
import { useOnline } from '@/offline/useOnline';
import './detail.css';

interface Props {
  node: MediaNode;
  related: readonly MediaNode[];
  colours: Readonly<Record<string, string>>;
  /** Back in the row of buttons; null where the sheet has it at its top. */
  onBack: (() => void) | null;
}

/**
 * SPEC §2 video detail: the title, description, the embedded player, category chips, Back,
 * the video id (labelled, with the rights) and Related Media (3 columns on small screens, 5 on wide ones; page width at most 7xl).
 */
export function VideoDetail({ node, related, colours, onBack }: Props) {
  const { t } = useLingui();
  const analytics = useAnalytics();
  // A filter the item was opened under (its query) goes along to the related items.
  const [search] = useSearchParams();
  const filter = {
    category: search.get('category'),
    type: parseMediaType(search.get('type')),
    q: search.get('q'),
    range: rangeOfTexts(rangeText(search.get('from')), rangeText(search.get('to'))),
  };
  const player = useRef<HTMLIFrameElement>(null);
  // The player's frame comes once the item is on the screen, in a task of its own (its black box
  // holds the place meanwhile).
  const playerDue = useAfterFirstPaint();
  useVideoReports(player, node.video_id, playerDue);
  // Offline (issue 50) the player's frame would be the browser's error page: the item's words
  // are all here, and a plain line where its player goes.
  const online = useOnline();
  return (
    <article className="detail detail--video" aria-labelledby="detail-title">
      <div className="detail__player">
        {!node.youtube_id ? (
          <p className="detail__no-video">{t`This item has no video to play.`}</p>
        ) : !online ? (
          <p className="detail__no-video">{t`This video needs a connection.`}</p>
        ) : playerDue ? (
          <iframe
            ref={player}
            src={youtubeEmbedUrl(node.youtube_id, {
              jsApiOrigin: analytics.enabled ? window.location.origin : undefined,
            })}
            title={node.title}
            allow="autoplay; encrypted-media; picture-in-picture"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : null}
      </div>
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
      {node.description && (
        <p className="detail__text" lang={node.language}>
          {node.description}
        </p>
      )}
      <ItemRights credit={node.credit} license={node.license} id={node.video_id} />
      <AskForRemoval itemId={node.video_id} />
      {related.length > 0 && (
        <section aria-labelledby="related-heading">
          <h3 id="related-heading" className="detail__related-heading">
            {t({
              message: 'Related Media',
              comment: 'Heading over the items related to the one shown',
            })}
          </h3>
          <ul className="detail__related">
            {related.map((item) => (
              <li key={item.video_id}>
                <Link
                  to={itemInFilterRoute(nodeRoute(item), filter)}
                  onClick={() => analytics.click(CLICK.related, item.video_id)}
                >
                  <img src={nodeThumbnailUrl(item)} alt="" loading="lazy" crossOrigin="anonymous" />
                  <span lang={item.language}>{item.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
