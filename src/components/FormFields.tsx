import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { countText } from '@/lib/numbers';

/** What every field of the archive's forms shares: a label, a hint, and its error beside it. */
interface FieldProps {
  label: string;
  hint?: ReactNode;
  /** The refusal for this field, shown under it and announced. */
  error?: string | undefined;
  /** `name` of the input, which tests and focus-on-error find it by. */
  name: string;
}

function Described({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** "(required)" after the label of a field that must be filled in. */
export function RequiredMark() {
  const { t } = useLingui();
  return (
    <span className="field__required">
      {' '}
      {t({
        message: '(required)',
        comment: 'After the label of a field that must be filled in',
      })}
    </span>
  );
}

function FieldLabel({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id}>
      {label}
      {required && <RequiredMark />}
    </label>
  );
}

/** Shown once text nears its limit; typing past it stays possible and the schema says by how much. */
function LengthCounter({ length, max }: { length: number; max: number | undefined }) {
  const { t } = useLingui();
  if (max === undefined || length <= max * 0.8) return null;
  const typed = countText(length);
  const most = countText(max);
  return (
    <p className="field__hint" aria-live="polite">
      {t({
        message: plural(max, {
          one: `${typed} / ${most} character`,
          other: `${typed} / ${most} characters`,
        }),
        comment: 'Characters typed in a field out of the most it takes: "4,120 / 5,000 characters"',
      })}
    </p>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A one-line text input. */
export function TextField({
  label,
  hint,
  error,
  name,
  value,
  onChange,
  type = 'text',
  required,
  maxLength,
  autoComplete,
  inputMode,
  after,
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'url' | 'search';
  required?: boolean;
  /** A soft limit: typing past it is allowed, and the schema's message says by how much. */
  maxLength?: number;
  autoComplete?: string;
  inputMode?: 'decimal' | 'text' | 'email' | 'url';
  /** Shown right after the input (a parsed id, a status). */
  after?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <FieldLabel id={id} label={label} required={required} />
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete ?? 'off'}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      />
      {after}
      <LengthCounter length={value.length} max={maxLength} />
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

/** A multi-line text input. */
export function TextAreaField({
  label,
  hint,
  error,
  name,
  value,
  onChange,
  required,
  maxLength,
  rows = 5,
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  maxLength?: number;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className="field">
      <FieldLabel id={id} label={label} required={required} />
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      />
      <LengthCounter length={value.length} max={maxLength} />
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

/** A choice from a list (`options`: value and label; '' may stand for none). */
export function SelectField({
  label,
  hint,
  error,
  name,
  value,
  onChange,
  options,
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="field">
      <FieldLabel id={id} label={label} />
      <select
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

/** A group of fields with a legend (radio choices, coordinates). */
export function FieldSet({
  legend,
  hint,
  error,
  children,
  className,
}: {
  legend: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className={`field ${className ?? ''}`}
      aria-describedby={describedBy(id, hint, error)}
    >
      <legend>{legend}</legend>
      {children}
      <Described id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/**
 * Moves focus to the first field the service or the schema refused, so a keyboard or screen-reader
 * user lands on what to fix.
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  (invalid ?? form?.querySelector<HTMLElement>('.form-error'))?.focus();
}
