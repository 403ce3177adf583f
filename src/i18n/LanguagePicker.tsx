import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LANGUAGES, LANGUAGE_NAMES, LANGUAGE_TAGS, isLanguage } from './languages';
import { prefetchLanguage, switchLanguage } from './switchLanguage';

/**
 * The header's language picker: each language named in itself (English, Español, Bosanski), a
 * native menu (the keyboard's arrows and a phone's own list) laid transparent over the current
 * language's name (its code on a phone), switching at once, without a reload.
 */
export function LanguagePicker() {
  const { t, i18n } = useLingui();
  const [failed, setFailed] = useState(false);
  const current = i18n.locale;
  const shown = isLanguage(current) ? current : 'en';
  return (
    <div className="language-picker">
      {/* What the menu shows, under it (the menu itself is transparent, laid over this). */}
      <span className="language-picker__shown" aria-hidden="true">
        <span className="language-picker__name" lang={LANGUAGE_TAGS[shown]}>
          {LANGUAGE_NAMES[shown]}
        </span>
        <span className="language-picker__code">{shown.toUpperCase()}</span>
      </span>
      <select
        className="language-picker__select"
        aria-label={t({
          message: 'Language of the site',
          comment:
            "The header's language picker, for screen readers (an item's own language is another field)",
        })}
        value={shown}
        onFocus={() => LANGUAGES.forEach(prefetchLanguage)}
        onPointerEnter={() => LANGUAGES.forEach(prefetchLanguage)}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLanguage(chosen)) return;
          setFailed(false);
          switchLanguage(chosen).catch(() => setFailed(true));
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={LANGUAGE_TAGS[language]}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      {failed && (
        <span role="alert" className="language-picker__error">
          {t`That language could not be loaded. Check the connection and try again.`}
        </span>
      )}
    </div>
  );
}
