import { useEffect, useMemo, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '@/app/hooks';
import { CONTINUE_DELAY_MS, SPLASH_MS } from '@/lib/constants';
import { charactersShown, INTRO_TEXT, typingSchedule } from '@/lib/typingSchedule';

type Stage = 'splash' | 'typing' | 'typed' | 'continue';

/**
 * The first-visit intro (SPEC §2): the splash logo for 4 s, then the intro text typed letter by
 * letter, then Continue 2 s after the text ends. Screen readers get the whole text at once; with
 * reduced motion it shows at once too. A Skip button is always there: nobody is held by it.
 *
 * `splashShownAt` (the `performance.now()` time the document's own splash began, before the
 * app's script ran) carries that splash on: its animation and its 4 s continue from there rather
 * than starting over, so the logo does not flash and the typed letters keep their schedule.
 */
export function Intro({
  onContinue,
  splashShownAt,
}: {
  onContinue: () => void;
  splashShownAt?: number | null;
}) {
  const reducedMotion = usePrefersReducedMotion();
  const times = useMemo(() => typingSchedule(INTRO_TEXT), []);
  const [stage, setStage] = useState<Stage>('splash');
  const [shown, setShown] = useState(0);
  // How long the splash has already shown, fixed at mount (0 for a splash of the app's own).
  const [splashElapsed] = useState(() =>
    typeof splashShownAt === 'number' ? Math.max(0, performance.now() - splashShownAt) : 0,
  );
  const continueRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setStage('typing'), Math.max(0, SPLASH_MS - splashElapsed));
    return () => clearTimeout(timer);
  }, [splashElapsed]);

  useEffect(() => {
    if (stage !== 'typing') return;
    if (reducedMotion) {
      setShown(INTRO_TEXT.length);
      setStage('typed');
      return;
    }
    const started = performance.now();
    let frame = requestAnimationFrame(function tick() {
      const count = charactersShown(times, performance.now() - started);
      setShown(count);
      if (count >= times.length) setStage('typed');
      else frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [stage, reducedMotion, times]);

  useEffect(() => {
    if (stage !== 'typed') return;
    const timer = setTimeout(() => setStage('continue'), CONTINUE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [stage]);

  useEffect(() => {
    if (stage === 'continue') continueRef.current?.focus();
  }, [stage]);

  return (
    <section
      className={`intro intro--${stage}`}
      aria-label="Introduction"
      data-stage={stage}
      data-chars={shown}
    >
      {stage === 'splash' ? (
        <img
          className="intro__splash"
          src="/logo.svg"
          alt="Globe Archive"
          width="284"
          height="72"
          fetchPriority="high"
          style={
            splashElapsed > 0 && !reducedMotion
              ? { animationDelay: `${-Math.round(splashElapsed)}ms` }
              : undefined
          }
        />
      ) : (
        <div className="intro__body">
          <p className="visually-hidden">{INTRO_TEXT}</p>
          {/* The letters still to come are laid out, unseen, from the start: the lines do not
              grow or re-wrap as the text is typed, so nothing on the intro moves. */}
          <p className="intro__text" aria-hidden="true">
            {INTRO_TEXT.slice(0, shown)}
            {stage === 'typing' && <span className="intro__caret" />}
            <span className="intro__untyped">{INTRO_TEXT.slice(shown)}</span>
          </p>
          <div className="intro__actions">
            {stage === 'continue' && (
              <button
                ref={continueRef}
                type="button"
                className="intro__continue"
                onClick={onContinue}
              >
                Continue
              </button>
            )}
          </div>
        </div>
      )}
      {stage !== 'continue' && (
        <button type="button" className="intro__skip" onClick={onContinue}>
          Skip intro
        </button>
      )}
    </section>
  );
}
