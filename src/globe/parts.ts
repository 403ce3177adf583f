import type { OrbitCamera } from '@/globe/camera/orbitCamera';
import type { GlobeHost } from '@/globe/host';
import type { CardFaces } from '@/globe/layers/cardFaces';
import type { CardLayer } from '@/globe/layers/cards';
import type { ClusterLayer } from '@/globe/layers/clusterLayer';
import type { GlobeOverlay } from '@/globe/layers/overlay';

/** The parts of a running globe that its controllers (attention, clusters) work with. */
export interface GlobeParts {
  host: GlobeHost;
  orbit: OrbitCamera;
  cards: CardLayer;
  clusters: ClusterLayer;
  faces: CardFaces;
  overlay: GlobeOverlay;
}
