import { useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useMediaQuery } from '@/components/useMediaQuery';
import type { LatLng } from '@/globe/geo';
import type { PositionPicker as PickerEngine } from '@/globe/types';
import './PositionPicker.css';

export interface PositionPickerProps {
  /** The position the form holds (null while its fields are empty or invalid). */
  value: LatLng | null;
  /** The globe was clicked: the position there, degrees rounded to 5 places. */
  onChange(position: LatLng): void;
  /** The canvas's accessible name. */
  label?: string;
  /** What to do with the globe, under it (a mouse, a trackpad). */
  hint?: string;
  /** The same on a touch screen, where one finger scrolls the page and Move the map turns it. */
  touchHint?: string;
  /** What to do instead when the browser has no WebGL. */
  fallback?: string;
  className?: string;
}

type Status = 'loading' | 'ready' | 'unavailable';

const sameSpot = (a: LatLng | null, b: LatLng | null) =>
  a === b || (a !== null && b !== null && a.lat === b.lat && a.lng === b.lng);

/**
 * A globe preview for choosing a latitude and longitude by clicking the map: the bridge between
 * a form and the framework-free picker engine, which loads (with Babylon) only once this is
 * shown. The form keeps the typed fields; this keeps the marker on `value` and flies to it when
 * it changes from outside (typed), and reports clicks through `onChange`. On a touch screen one
 * finger scrolls the page over the map and a tap picks; **Move the map** lets a finger turn it
 * and a pinch zoom it, until **Done moving the map**.
 */
export function PositionPicker({
  value,
  onChange,
  label,
  hint,
  touchHint,
  fallback,
  className,
}: PositionPickerProps) {
  const { t } = useLingui();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [picker, setPicker] = useState<PickerEngine | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const hintId = useId();
  // A touch screen: one finger scrolls the page past the map until the visitor asks to move it
  // (a swipe over the form turned the globe instead of scrolling it: issue 47).
  const touch = useMediaQuery('(pointer: coarse)');
  const [moving, setMoving] = useState(false);
  const turnable = !touch || moving;
  // What the engine shows now, so the form echoing a click back does not fly the camera.
  const shown = useRef<LatLng | null>(value);
  const reportPicked = useEffectEvent((position: LatLng) => onChange(position));

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let created: PickerEngine | null = null;
    let cancelled = false;
    void import('@/globe/createPositionPicker')
      .then(({ createPositionPicker }) =>
        // A mount already undone (StrictMode mounts twice) must not put a second engine on the canvas.
        cancelled
          ? null
          : createPositionPicker(canvas, {
              position: shown.current,
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
        setPicker(instance);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        console.warn('The globe preview could not start:', error);
        if (!cancelled) setStatus('unavailable');
      });
    return () => {
      cancelled = true;
      created?.dispose();
      setPicker(null);
    };
  }, []);

  useEffect(() => {
    if (!picker) return;
    return picker.on('positionPicked', (position) => {
      shown.current = position;
      reportPicked(position);
    });
  }, [picker]);

  useEffect(() => picker?.setTurnable(turnable), [picker, turnable]);

  const lat = value?.lat ?? null;
  const lng = value?.lng ?? null;
  useEffect(() => {
    if (!picker) return;
    const next = lat === null || lng === null ? null : { lat, lng };
    if (sameSpot(next, shown.current)) return;
    shown.current = next;
    picker.setPosition(next, { fly: true });
  }, [picker, lat, lng]);

  const classes = ['position-picker', className].filter(Boolean).join(' ');
  if (status === 'unavailable')
    return (
      <div className={classes}>
        <p className="position-picker__fallback">
          {fallback ?? t`The globe preview needs WebGL; type the latitude and longitude instead.`}
        </p>
      </div>
    );
  return (
    <div className={classes} data-status={status}>
      <div className="position-picker__frame">
        <canvas
          ref={canvasRef}
          className="position-picker__canvas"
          role="img"
          aria-label={
            label ??
            t({
              message: 'Globe preview: click to place the item',
              comment: "The editor's globe for placing an archive item, named for screen readers",
            })
          }
          aria-describedby={hintId}
          tabIndex={-1}
        />
        {status === 'loading' && (
          <p className="position-picker__loading" role="status">
            {t`Loading the globe…`}
          </p>
        )}
        {touch && status === 'ready' && (
          <button
            type="button"
            className="position-picker__move"
            aria-pressed={moving}
            onClick={() => setMoving((on) => !on)}
          >
            {moving
              ? t({
                  message: 'Done moving the map',
                  comment:
                    'A toggle button on a touch screen: ends turning the globe with a finger',
                })
              : t({
                  message: 'Move the map',
                  comment:
                    'A toggle button on a touch screen: lets a finger turn and zoom the globe, instead of scrolling the page',
                })}
          </button>
        )}
      </div>
      <p className="position-picker__hint" id={hintId}>
        {touch
          ? (touchHint ??
            t({
              message:
                'Tap the map to place the item. To turn or zoom the globe, tap Move the map first.',
              comment: '"Move the map" is the name of a button on the globe: use its translation',
            }))
          : (hint ?? t`Click the globe to place the item; drag to turn it, scroll to zoom.`)}
      </p>
    </div>
  );
}
