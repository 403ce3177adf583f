import { useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { forgetIntroSeen } from '@/features/intro/introStorage';
import './ReplayIntro.css';

/**
 * Plays the intro again: it forgets that the intro was seen (SPEC §4 "Clearing resets to not
 * seen") and goes to the globe, where the splash and the typed words play as on a first visit.
 */
export function ReplayIntro() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <section className="replay-intro" aria-labelledby="replay-intro-heading">
      <h2 id="replay-intro-heading">
        {t({
          message: 'The introduction',
          comment: 'Heading on the About page, over the button that plays the intro again',
        })}
      </h2>
      <p>{t`The archive opens with a few words about the tornado and the people it hit.`}</p>
      <button
        type="button"
        onClick={() => {
          forgetIntroSeen();
          void navigate('/');
        }}
      >
        {t`Replay intro`}
      </button>
    </section>
  );
}
