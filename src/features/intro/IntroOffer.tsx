import './IntroOffer.css';

/**
 * The intro, offered to a first-time visitor who came by a shared link (issue 47): the item, the
 * category or the search they were sent is on the screen at once, and the few words about the
 * tornado that a first visit to the home screen opens with are one tap away, never in the way.
 */
export function IntroOffer({ onWatch, onDismiss }: { onWatch: () => void; onDismiss: () => void }) {
  return (
    <section className="intro-offer" aria-label="New here?">
      <p className="intro-offer__text">New here?</p>
      <button type="button" className="intro-offer__watch" onClick={onWatch}>
        Watch the intro
      </button>
      <button
        type="button"
        className="intro-offer__dismiss"
        aria-label="No thanks, hide this"
        onClick={onDismiss}
      >
        ×
      </button>
    </section>
  );
}
