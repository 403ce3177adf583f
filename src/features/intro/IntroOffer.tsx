import { useLingui } from '@lingui/react/macro';
import './IntroOffer.css';

/**
 * The intro, offered to a first-time visitor who came by a shared link (issue 47): the item, the
 * category or the search they were sent is on the screen at once, and the few words about the
 * tornado that a first visit to the home screen opens with are one tap away, never in the way.
 */
export function IntroOffer({ onWatch, onDismiss }: { onWatch: () => void; onDismiss: () => void }) {
  const { t } = useLingui();
  const question = t({
    message: 'New here?',
    comment: 'Asked of a first-time visitor who came by a shared link, beside "Watch the intro"',
  });
  return (
    <section className="intro-offer" aria-label={question}>
      <p className="intro-offer__text">{question}</p>
      <button type="button" className="intro-offer__watch" onClick={onWatch}>
        {t`Watch the intro`}
      </button>
      <button
        type="button"
        className="intro-offer__dismiss"
        aria-label={t({
          message: 'No thanks, hide this',
          comment: 'The × button that hides the offer to watch the intro',
        })}
        onClick={onDismiss}
      >
        ×
      </button>
    </section>
  );
}
