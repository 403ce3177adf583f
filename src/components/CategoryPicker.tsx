import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { slugify } from '@/lib/slug';

interface Props {
  label: string;
  /** The chosen names, in order. */
  value: readonly string[];
  onChange: (names: string[]) => void;
  /** Categories the archive already has, offered first so one category keeps one spelling. */
  known: readonly string[];
  max: number;
  error?: string | undefined;
  name: string;
}

/**
 * Categories: pick one the archive has (suggested as you type) or create a new one by typing its
 * name. Two spellings of one slug are one category, so a new name that matches a known one by
 * slug takes the known spelling.
 */
export function CategoryPicker({ label, value, onChange, known, max, error, name }: Props) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState('');
  const chosen = new Set(value.map(slugify));
  const suggestions = known.filter((n) => !chosen.has(slugify(n)));

  function add(raw: string) {
    const typed = raw.replace(/\s+/g, ' ').trim();
    const slug = slugify(typed);
    if (slug === '' || chosen.has(slug) || value.length >= max) return;
    const existing = known.find((n) => slugify(n) === slug);
    onChange([...value, existing ?? typed]);
    setText('');
  }

  return (
    <div className="field category-picker">
      <label htmlFor={id}>{label}</label>
      {value.length > 0 && (
        <ul
          className="category-picker__chosen"
          aria-label={t({
            message: `${label} chosen`,
            comment: 'The list of categories chosen; {label} is the field\'s label, "Categories"',
          })}
        >
          {value.map((category) => (
            <li key={slugify(category)} className="chip chip--chosen">
              {category}
              <button
                type="button"
                className="chip__remove"
                aria-label={t({
                  message: `Remove category ${category}`,
                  comment: '{category} is the name of a category of the archive',
                })}
                onClick={() => onChange(value.filter((c) => c !== category))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field__with-button">
        <input
          id={id}
          name={name}
          list={`${id}-known`}
          value={text}
          autoComplete="off"
          disabled={value.length >= max}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            const next = event.target.value;
            // Choosing a suggestion from the list fills the whole name: take it at once.
            if (suggestions.includes(next)) add(next);
            else setText(next);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              add(text);
            }
          }}
        />
        <button type="button" className="button-quiet" onClick={() => add(text)}>
          {t({ message: 'Add', comment: 'Adds the category typed' })}
        </button>
      </div>
      <datalist id={`${id}-known`}>
        {suggestions.map((n) => (
          <option key={slugify(n)} value={n} />
        ))}
      </datalist>
      <p className="field__hint" id={`${id}-hint`}>
        {t({
          message: 'Pick a category the archive has, or type a new name and press Enter.',
          comment: 'Enter is the key',
        })}
      </p>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
