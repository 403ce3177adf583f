import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '@/app/hooks';
import { Logo } from '@/components/Logo';
import { CONTINUE_DELAY_MS, SPLASH_MS } from '@/lib/constants';
import { documentPainted } from '@/lib/documentPainted';
import { charactersShown, INTRO_TEXT, typingSchedule } from '@/lib/typingSchedule';
import './Intro.css';

type Stage = 'splash' | 'typing' | 'typed' | 'continue';

/**
 * The first-visit intro (SPEC §2): the splash logo for 4 s, then the intro text typed letter by
 * letter, then Continue 2 s after the text ends. Screen readers get the whole text at once; with
 * reduced motion it shows at once too. A Skip button is always there: nobody is held by it.
 *
 * `splashShownAt` (the `performance.now()` time the document's own splash began, before the
 * app's script ran) carries that splash on: its animation and its 4 s continue from there rather
 * than starting over, so the logo does not flash and the typed letters keep their schedule. The
 * 4 s count from when the visitor could first see it: where the document's first paint reached
 * the screen later than its animation began (a cold browser, a tab opened in the background),
 * from that paint, and the animation is re-timed to end with them.
 */
export function Intro({
  onContinue,
  splashShownAt,
}: {
  onContinue: () => void;
  splashShownAt?: number | null;
}) {
  const { t, i18n } = useLingui();
  const reducedMotion = usePrefersReducedMotion();
  // The text in the visitor's language; a switch while it types starts the typing over.
  const text = i18n._(INTRO_TEXT);
  const times = useMemo(() => typingSchedule(text), [text]);
  const [stage, setStage] = useState<Stage>('splash');
  const [shown, setShown] = useState(0);
  const [mountedAt] = useState(() => performance.now());
  // When the splash began to show: the document's, or this one's at mount.
  const [shownAt, setShownAt] = useState(() =>
    typeof splashShownAt === 'number' ? Math.min(splashShownAt, mountedAt) : mountedAt,
  );
  const continueRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (typeof splashShownAt !== 'number') return;
    let live = true;
    void documentPainted().then((painted) => {
      // Painted with the animation's first frame (the usual case), nothing changes.
      if (live && painted !== null) setShownAt((at) => (painted > at + 50 ? painted : at));
    });
    return () => {
      live = false;
    };
  }, [splashShownAt]);

  useEffect(() => {
    const timer = setTimeout(
      () => setStage((now) => (now === 'splash' ? 'typing' : now)),
      Math.max(0, SPLASH_MS - (performance.now() - shownAt)),
    );
    return () => clearTimeout(timer);
  }, [shownAt]);

  useEffect(() => {
    if (stage !== 'typing') return;
    if (reducedMotion) {
      setShown(text.length);
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
  }, [stage, reducedMotion, times, text]);

  useEffect(() => {
    if (stage !== 'typed') return;
    const timer = setTimeout(() => setStage('continue'), CONTINUE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [stage]);

  useEffect(() => {
    if (stage === 'continue') continueRef.current?.focus();
  }, [stage]);

  // Once typed, all of it (in the language switched to since, too).
  const chars = stage === 'typed' || stage === 'continue' ? text.length : shown;
  return (
    <section
      className={`intro intro--${stage}`}
      aria-label={t`Introduction`}
      data-stage={stage}
      data-chars={chars}
    >
      {stage === 'splash' ? (
        <Logo
          className="intro__splash"
          label="Globe Archive"
          width={284}
          height={72}
          style={
            shownAt !== mountedAt && !reducedMotion
              ? { animationDelay: `${Math.round(shownAt - mountedAt)}ms` }
              : undefined
          }
        />
      ) : (
        <div className="intro__body">
          <p className="visually-hidden">{text}</p>
          {/* The letters still to come are laid out, unseen, from the start: the lines do not
              grow or re-wrap as the text is typed, so nothing on the intro moves. */}
          <p className="intro__text" aria-hidden="true">
            {text.slice(0, chars)}
            {stage === 'typing' && <span className="intro__caret" />}
            <span className="intro__untyped">{text.slice(chars)}</span>
          </p>
          <div className="intro__actions">
            {stage === 'continue' && (
              <button
                ref={continueRef}
                type="button"
                className="intro__continue"
                onClick={onContinue}
              >
                {t({
                  message: 'Continue',
                  comment: 'The button that ends the intro and shows the globe',
                })}
              </button>
            )}
          </div>
        </div>
      )}
      {stage !== 'continue' && (
        <button type="button" className="intro__skip" onClick={onContinue}>
          {t`Skip intro`}
        </button>
      )}
    </section>
  );
}
