import type { CardWiring } from '@/globe/cardWiring';
import { cardLocator } from '@/globe/cardsOnScreen';
import type { Emitter } from '@/globe/events';
import type { GlobeStage } from '@/globe/globeStage';
import type { Readiness } from '@/globe/globeUpdate';
import { cardAt, type PointerInput } from '@/globe/pointerInput';
import { poseKey, screenProjector, viewOf } from '@/globe/projection';
import type { GlobeEvents } from '@/globe/types';

/**
 * The globe's frame loop, as the host runs it: each turn advances what moves (the camera, the
 * cards' uploads, the faces, the hovered card, the clusters following the zoom) and says whether
 * a frame is needed; before a frame, the shaders and the overlay get the time and the positions.
 */

/**
 * Per frame, ms spent uploading card faces: 6 at 60 fps, a share of the frame where frames are
 * slow anyway (a software renderer: uploads would otherwise crawl), more while the globe is
 * hidden (no frame to keep smooth).
 */
const UPLOAD_BUDGET_MS = 6;
const uploadBudgetMs = (shown: boolean, frameMs: number) =>
  shown ? Math.min(100, Math.max(UPLOAD_BUDGET_MS, frameMs * 0.3)) : 12;

/** Whether a fade, a tween or a link's growth is still under way at `now`. */
function stillAnimating({ cards, sphere, related, categoryLinks }: GlobeStage, now: number) {
  return (
    now < cards.animatingUntil ||
    now < sphere.fadingUntil ||
    now < related.settledAt ||
    now < categoryLinks.settledAt
  );
}

/**
 * Starts the loop, holding frames (after the first, which compiles the shaders) until the globe
 * is shown. Sends `ready` once the last card has appeared.
 */
export function startFrameLoop(
  stage: GlobeStage,
  wiring: CardWiring,
  pointer: PointerInput,
  readiness: Readiness,
  events: Emitter<GlobeEvents>,
): void {
  const { host, orbit, cards, sphere, overlay, related, categoryLinks } = stage;
  const { faces, attention, clusterControl } = wiring;
  const canvas = host.surface.element;
  /** The camera's pose and the canvas size this turn, and at the last frame drawn. */
  let pose = '';
  let lastPose = '';
  host.holdFrames = true;
  host.start({
    tick({ now, sinceLastMs }) {
      const uploadBudget = uploadBudgetMs(readiness.shown, sinceLastMs);
      let needed = false;
      if (orbit.update(now)) needed = true;
      if (cards.flush(now, uploadBudget)) needed = true;
      if (faces.tick(now * 1000, UPLOAD_BUDGET_MS)) needed = true;
      const { width, height } = host.renderSize();
      pose = poseKey(orbit.camera, width, height);
      const probe = pointer.hoverProbe(pose !== lastPose, orbit.flying);
      if (probe)
        attention.hover(
          pointer.pressed ? -1 : cardAt(canvas, orbit.camera, cards, probe.x, probe.y, now),
          now,
        );
      if (stillAnimating(stage, now)) needed = true;
      if (readiness.reached(now)) events.emit('ready', {});
      // Clusters follow the zoom once it has settled (not every frame of a wheel or a flight).
      clusterControl.followZoom(now);
      if (pose !== lastPose) {
        needed = true;
        faces.viewChanged();
      }
      return needed;
    },
    beforeRender(now) {
      cards.setTime(now);
      related.setTime(now);
      categoryLinks.setTime(now);
      sphere.setFrame(now, orbit.camera.position);
      const size = host.cssSize();
      const projector = screenProjector(viewOf(orbit.camera, size.width, size.height));
      overlay.frame(cardLocator(cards, projector, now), size);
    },
    afterRender() {
      lastPose = pose;
    },
  });
}
