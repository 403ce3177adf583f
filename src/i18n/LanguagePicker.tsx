import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { LANGUAGES, LANGUAGE_NAMES, LANGUAGE_TAGS, isLanguage } from './languages';
import { prefetchLanguage, switchLanguage } from './switchLanguage';

/**
 * The header's language picker: each language named in itself (English, Español, Bosanski), a
 * native menu (the keyboard's arrows and a phone's own list), switching at once, without a reload.
 */
export function LanguagePicker() {
  const { t, i18n } = useLingui();
  const [failed, setFailed] = useState(false);
  const current = i18n.locale;
  return (
    <li className="language-picker">
      <select
        className="language-picker__select"
        aria-label={t`Language`}
        value={isLanguage(current) ? current : 'en'}
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
    </li>
  );
}
