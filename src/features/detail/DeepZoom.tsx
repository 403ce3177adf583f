import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type OpenSeadragonType from 'openseadragon';
import { imageServiceInfoUrl } from '@/lib/uploadKeys';

/** Tiles are fetched with CORS and no credentials, as the `<img>` of the lightbox is. */
const CROSS_ORIGIN = 'Anonymous' as const;

/** How far a press of Zoom in or Zoom out goes. */
const ZOOM_STEP = 1.6;

/** Where the viewer stands: its code or the photo's tiles loading, showing, or failed. */
type Phase = 'loading' | 'ready' | 'failed';

/**
 * The photo's IIIF image service when it has one (issue 52: tiles made when it was published),
 * else null: a photo of the site's own, one published before tiles existed (its `info.json`
 * answers 404), or a service that cannot be read. Only a level-0 ImageService3 of the size the
 * tiles say is taken: the viewer then asks for no tile the service lacks.
 */
async function imageServiceOf(fullUrl: string): Promise<Record<string, unknown> | null> {
  const infoUrl = imageServiceInfoUrl(fullUrl);
  if (infoUrl === null) return null;
  try {
    const response = await fetch(infoUrl, { credentials: 'omit' });
    if (!response.ok) return null;
    const info = (await response.json()) as Record<string, unknown>;
    const ok =
      info.type === 'ImageService3' &&
      info.profile === 'level0' &&
      typeof info.id === 'string' &&
      Number.isInteger(info.width) &&
      Number.isInteger(info.height);
    return ok ? info : null;
  } catch {
    return null;
  }
}

/**
 * Deep zoom into one photo of a gallery's lightbox (issue 52), with OpenSeadragon, the engine
 * Mirador and the Universal Viewer zoom with: from the photo's IIIF tiles where it has them (only
 * the tiles in view are fetched, at the scale shown), else from the photo itself. A wheel, a
 * pinch, a double click or a drag zooms and pans; so do the keyboard (`+`, `-`, arrows) once the
 * photo has focus, and the Zoom in and Zoom out buttons for whoever uses neither. Loaded when a
 * visitor first zooms, never with the gallery.
 */
export function DeepZoom({ fullUrl, label }: { fullUrl: string; label: string }) {
  const { t } = useLingui();
  const holder = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<OpenSeadragonType.Viewer | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [source, setSource] = useState<'iiif' | 'image' | null>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const [{ default: OpenSeadragon }, service] = await Promise.all([
        import('openseadragon'),
        imageServiceOf(fullUrl),
      ]);
      const element = holder.current;
      if (cancelled || element === null) return;
      const viewer = OpenSeadragon({
        element,
        tileSources: service ?? { type: 'image', url: fullUrl },
        crossOriginPolicy: CROSS_ORIGIN,
        // The canvas drawer: every browser has it, and the page's own WebGL is the globe's.
        drawer: 'canvas',
        // Its own buttons need image files; the lightbox's are the archive's own.
        showNavigationControl: false,
        // Past twice the photo's own pixels there is nothing more to see.
        maxZoomPixelRatio: 2,
        visibilityRatio: 0.5,
        gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true },
      });
      viewerRef.current = viewer;
      setSource(service === null ? 'image' : 'iiif');
      viewer.addHandler('open', () => !cancelled && setPhase('ready'));
      viewer.addHandler('open-failed', () => !cancelled && setPhase('failed'));
    })().catch(() => !cancelled && setPhase('failed'));
    return () => {
      cancelled = true;
      viewerRef.current?.destroy();
      viewerRef.current = null;
    };
  }, [fullUrl]);

  const zoom = (by: number) => {
    const viewport = viewerRef.current?.viewport;
    if (!viewport) return;
    viewport.zoomBy(by);
    viewport.applyConstraints();
  };
  return (
    <div className="lightbox__zoom" data-phase={phase} data-source={source ?? undefined}>
      <div
        ref={holder}
        className="lightbox__zoom-view"
        role="img"
        aria-label={label}
        aria-busy={phase === 'loading'}
      />
      {phase === 'failed' && (
        <p className="lightbox__zoom-failed" role="alert">
          {t`This photo cannot be zoomed right now.`}
        </p>
      )}
      <div className="lightbox__zoom-buttons">
        <button type="button" onClick={() => zoom(ZOOM_STEP)} disabled={phase !== 'ready'}>
          {t`Zoom in`}
        </button>
        <button type="button" onClick={() => zoom(1 / ZOOM_STEP)} disabled={phase !== 'ready'}>
          {t`Zoom out`}
        </button>
      </div>
    </div>
  );
}
