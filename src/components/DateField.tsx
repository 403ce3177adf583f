import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { FieldSet } from '@/components/FormFields';
import { dateOfInputs, inputsOfDate, type DateInputs } from '@/lib/itemDate';
import './DateField.css';

interface Props {
  /** The date as stored: ISO 8601 text (`@/lib/itemDate`), '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The schema's refusal, shown under the group and announced. */
  error?: string | undefined;
  legend?: string;
  /** Offers to type the date as ISO 8601 text (editors); a visitor gets only the inputs. */
  allowText?: boolean;
}

/** What the group shows: the three inputs, or (for a date they cannot hold) the text itself. */
interface Shown {
  /** The value these inputs were made from or last sent; another value comes from outside. */
  source: string;
  inputs: DateInputs | null;
}

/**
 * When an item was recorded, in the inputs a person knows: a day, an optional time (St. Louis
 * time) and an optional last day for a range. A stored date those cannot hold (a time in another
 * offset, a range of times) shows as its ISO 8601 text, and either way can be typed as text.
 */
export function DateField({ value, onChange, error, legend, allowText = true }: Props) {
  const { t } = useLingui();
  const id = useId();
  const [shown, setShown] = useState<Shown>(() => ({ source: value, inputs: inputsOfDate(value) }));
  // A value from outside (a reload, a conflict's other version): show that one.
  if (value !== shown.source) setShown({ source: value, inputs: inputsOfDate(value) });
  const { inputs } = shown;

  const send = (text: string, next: DateInputs | null) => {
    setShown({ source: text, inputs: next });
    onChange(text);
  };
  const edit = (key: keyof DateInputs) => (event: { target: { value: string } }) => {
    const next = { ...(inputs ?? { day: '', time: '', until: '' }), [key]: event.target.value };
    send(dateOfInputs(next), next);
  };
  const invalid = error ? true : undefined;
  const asInputs = inputsOfDate(value);

  return (
    <FieldSet
      legend={
        legend ??
        t({
          message: 'When it was recorded',
          comment: 'The date a photo or video was made',
        })
      }
      className="date-field"
      error={error}
    >
      <p className="field__hint">
        <Trans comment="The time on St. Louis's clock (Central Time), where the archive's dates are kept">
          When it was filmed or photographed, in St. Louis time. Leave it empty if it is not known.
        </Trans>
      </p>
      {inputs ? (
        <div className="date-field__inputs">
          <div className="field">
            <label htmlFor={`${id}-day`}>
              {t({ message: 'Day', comment: 'The day a photo or video was made' })}
            </label>
            <input
              id={`${id}-day`}
              name="date_day"
              type="date"
              value={inputs.day}
              aria-invalid={invalid}
              onChange={edit('day')}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-time`}>
              {t({
                message: 'Time (optional)',
                comment: 'The time of day a photo or video was made',
              })}
            </label>
            <input
              id={`${id}-time`}
              name="date_time"
              type="time"
              value={inputs.time}
              onChange={edit('time')}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-until`}>
              {t({
                message: 'Last day (optional)',
                comment: 'The last day of a range of days over which photos were made',
              })}
            </label>
            <input
              id={`${id}-until`}
              name="date_until"
              type="date"
              value={inputs.until}
              min={inputs.day || undefined}
              onChange={edit('until')}
            />
          </div>
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-text`}>{t`Date (ISO 8601)`}</label>
          <input
            id={`${id}-text`}
            name="date"
            value={value}
            autoComplete="off"
            aria-invalid={invalid}
            aria-describedby={`${id}-text-hint`}
            onChange={(event) => send(event.target.value, null)}
          />
          <p className="field__hint" id={`${id}-text-hint`}>
            <Trans comment="The ways of writing a date in ISO 8601: keep the examples as they are">
              A day (2025-05-16), a time with its offset from UTC (2025-05-16T14:52-05:00) or a
              range (2025-05-17/2025-05-30).
            </Trans>
          </p>
        </div>
      )}
      {inputs
        ? allowText && (
            <button type="button" className="button-quiet" onClick={() => send(value, null)}>
              {t`Type the date as text`}
            </button>
          )
        : asInputs && (
            <button type="button" className="button-quiet" onClick={() => send(value, asInputs)}>
              {t`Use the day and time fields`}
            </button>
          )}
    </FieldSet>
  );
}
