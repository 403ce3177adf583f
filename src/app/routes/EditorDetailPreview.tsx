import { GalleryDetail } from '@/features/detail/GalleryDetail';
import { VideoDetail } from '@/features/detail/VideoDetail';
import type { MediaNode } from '@/lib/nodeModel';
import { assignCategoryColours } from '@/lib/palette';

const nothing = () => undefined;

/**
 * The visitors' own detail view of an item, for the editor's preview: the app composes the two
 * features, so the editor never reaches into the detail feature.
 */
export function EditorDetailPreview({
  node,
  related,
}: {
  node: MediaNode;
  related: readonly MediaNode[];
}) {
  const colours = Object.fromEntries(assignCategoryColours(node.categories.map((c) => c.slug)));
  return node.type === 'video' ? (
    <VideoDetail node={node} related={related} colours={colours} onBack={nothing} />
  ) : (
    <GalleryDetail node={node} colours={colours} onBack={nothing} onLightboxChange={nothing} />
  );
}
