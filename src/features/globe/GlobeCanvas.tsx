import { memo, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { selectGlobeInput, selectNodesById } from '@/features/nodes/nodesSelectors';
import type { Globe } from '@/globe/types';
import { isMobileUserAgent } from '@/lib/device';
import { nodeRoute } from '@/lib/nodeModel';

/**
 * The bridge between React and the framework-free globe (ARCHITECTURE §1): creates the engine
 * (loaded as its own chunk, so the page paints before Babylon arrives), pushes the store's globe
 * input on change, turns engine events into navigation, and disposes it on unmount.
 */
export const GlobeCanvas = memo(function GlobeCanvas({
  selectedId,
}: {
  selectedId: string | null;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [globe, setGlobe] = useState<Globe | null>(null);
  const input = useAppSelector(selectGlobeInput);
  const nodesById = useAppSelector(selectNodesById);
  const navigate = useNavigate();
  const nodesRef = useRef(nodesById);
  nodesRef.current = nodesById;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let created: Globe | null = null;
    let cancelled = false;
    void import('@/globe/createGlobe')
      .then(({ createGlobe }) =>
        // A mount already undone (StrictMode mounts twice) must not put a second engine on the canvas.
        cancelled
          ? null
          : createGlobe(canvas, {
              mobile: isMobileUserAgent(navigator.userAgent),
              reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
            }),
      )
      .then((instance) => {
        if (!instance) return;
        if (cancelled) {
          instance.dispose();
          return;
        }
        created = instance;
        setGlobe(instance);
      })
      .catch((error: unknown) => console.error('The globe could not start:', error));
    return () => {
      cancelled = true;
      created?.dispose();
      setGlobe(null);
    };
  }, []);

  useEffect(() => {
    if (!globe) return;
    return globe.on('cardPicked', ({ id }) => {
      const node = nodesRef.current.get(id);
      if (node) void navigate(nodeRoute(node));
    });
  }, [globe, navigate]);

  useEffect(() => {
    globe?.update(input);
  }, [globe, input]);

  // The route's id drives the camera: fly to the card once it exists, back when the id clears.
  const selectedExists = selectedId !== null && nodesById.has(selectedId);
  useEffect(() => {
    if (!globe) return;
    if (selectedId === null) void globe.focus(null);
    else if (selectedExists) void globe.focus(selectedId);
  }, [globe, selectedId, selectedExists]);

  return (
    <canvas
      ref={canvasRef}
      className={`globe-canvas${globe ? ' globe-canvas--shown' : ''}`}
      tabIndex={0}
      aria-label="Globe of the archive's items. Drag to turn it, scroll to zoom, arrow keys to move; the same items are in the Archive items list."
    />
  );
});
