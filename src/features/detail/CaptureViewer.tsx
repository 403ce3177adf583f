import { useEffect, useRef, useState } from 'react';
import type { CaptureViewer as Viewer, CaptureViewerStats } from '@/capture/createCaptureViewer';
import type { NodeCapture } from '@/lib/capture';
import './CaptureViewer.css';

declare global {
  interface Window {
    /** The open (or last closed) capture viewer's state, for tests and diagnostics. */
    __capture?: { stats(): CaptureViewerStats };
  }
}

type Phase =
  | { kind: 'loading'; percent: number | null }
  | { kind: 'ready' }
  | { kind: 'failed'; message: string };

/**
 * A 3D capture in the lightbox: its viewer (a lazy chunk with Babylon's loaders), a progress bar
 * while the file downloads, Reset view, and the poster with a plain message when the capture
 * cannot be shown. The viewer's engine is disposed when the lightbox closes or moves on.
 */
export function CaptureViewer({
  capture,
  posterUrl,
  label,
}: {
  capture: NodeCapture;
  posterUrl: string;
  label: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewerRef = useRef<Viewer | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading', percent: null });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let live = true;
    let viewer: Viewer | null = null;
    import('@/capture/createCaptureViewer')
      .then(async ({ createCaptureViewer }) => {
        if (!live) return;
        viewer = createCaptureViewer(canvas, capture, {
          onProgress: (percent) => live && setPhase({ kind: 'loading', percent }),
        });
        viewerRef.current = viewer;
        const shown = viewer;
        window.__capture = { stats: () => shown.stats() };
        await viewer.loaded;
        if (live) setPhase({ kind: 'ready' });
      })
      .catch((error: unknown) => {
        // Nothing of a capture that cannot be shown stays running.
        viewer?.dispose();
        if (!live) return;
        const message =
          error instanceof Error && error.name === 'CaptureViewerError'
            ? error.message
            : 'The 3D viewer could not be loaded. Check your connection and try again.';
        setPhase({ kind: 'failed', message });
      });
    return () => {
      live = false;
      viewer?.dispose();
      viewerRef.current = null;
    };
  }, [capture]);

  const failed = phase.kind === 'failed';
  return (
    <div className="capture" data-phase={phase.kind}>
      {failed ? (
        <>
          <img className="lightbox__image" src={posterUrl} alt={label} crossOrigin="anonymous" />
          <p className="capture__message" role="alert">
            {phase.message} The picture is its poster.
          </p>
        </>
      ) : (
        <canvas
          ref={canvasRef}
          className="capture__canvas"
          tabIndex={0}
          role="img"
          aria-label={`${label}. Drag to turn it, scroll or pinch to zoom; arrow keys turn it, + and − zoom, 0 resets the view.`}
        />
      )}
      {phase.kind === 'loading' && (
        <div className="capture__loading">
          <progress
            max={100}
            {...(phase.percent === null ? {} : { value: phase.percent })}
            aria-label="Loading the 3D capture"
          />
          <span>{phase.percent === null ? 'Loading…' : `${phase.percent}%`}</span>
        </div>
      )}
      {phase.kind === 'ready' && (
        <button type="button" className="capture__reset" onClick={() => viewerRef.current?.reset()}>
          Reset view
        </button>
      )}
    </div>
  );
}
