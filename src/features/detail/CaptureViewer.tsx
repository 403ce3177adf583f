import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { CaptureViewer as Viewer, CaptureViewerStats } from '@/capture/createCaptureViewer';
import { formatLocale } from '@/i18n/i18n';
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
  /** `message`: the viewer's own words for what failed; null for the app's (said in the language shown). */
  | { kind: 'failed'; message: string | null };

const percentFormats = new Map<string, Intl.NumberFormat>();

/** "57%" in English, "57 %" in Spanish. */
function percentText(percent: number): string {
  const locale = formatLocale();
  if (locale.startsWith('en')) return `${percent}%`;
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    percentFormats.set(locale, format);
  }
  return format.format(percent / 100);
}

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
  const { t } = useLingui();
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
          error instanceof Error && error.name === 'CaptureViewerError' ? error.message : null;
        setPhase({ kind: 'failed', message });
      });
    return () => {
      live = false;
      viewer?.dispose();
      viewerRef.current = null;
    };
  }, [capture]);

  const failed = phase.kind === 'failed';
  const failure =
    phase.kind !== 'failed'
      ? ''
      : (phase.message ??
        t`The 3D viewer could not be loaded. Check your connection and try again.`);
  return (
    <div className="capture" data-phase={phase.kind}>
      {failed ? (
        <>
          <img className="lightbox__image" src={posterUrl} alt={label} crossOrigin="anonymous" />
          <p className="capture__message" role="alert">
            {t({
              message: `${failure} The picture is its poster.`,
              comment:
                'Under a 3D capture that cannot be shown: {failure} says why, and the picture shown instead is its poster (its still image)',
            })}
          </p>
        </>
      ) : (
        <canvas
          ref={canvasRef}
          className="capture__canvas"
          tabIndex={0}
          role="img"
          aria-label={t({
            message: `${label}. Drag to turn it, scroll or pinch to zoom; arrow keys turn it, + and − zoom, 0 resets the view.`,
            comment:
              "A 3D capture's name for screen readers: {label} names it, then how to move it",
          })}
        />
      )}
      {phase.kind === 'loading' && (
        <div className="capture__loading">
          <progress
            max={100}
            {...(phase.percent === null ? {} : { value: phase.percent })}
            aria-label={t`Loading the 3D capture`}
          />
          <span>{phase.percent === null ? t`Loading…` : percentText(phase.percent)}</span>
        </div>
      )}
      {phase.kind === 'ready' && (
        <button type="button" className="capture__reset" onClick={() => viewerRef.current?.reset()}>
          {t({ message: 'Reset view', comment: "The button that puts a 3D capture's view back" })}
        </button>
      )}
    </div>
  );
}
