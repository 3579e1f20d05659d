import { Fragment, type ChangeEvent, type ReactNode } from 'react';
import type { FormWords } from '../i18n/en';
import type { StoryFields } from '../story-outbox/send';
import { CONSENT_FIELD, FORM_FIELDS, HONEYPOT_FIELD, fieldId } from '../story-outbox/form-fields.js';
import styles from './StoryForm.module.css';

interface Props {
  idPrefix: string;
  strings: FormWords;
  fields: StoryFields;
  consent: boolean;
  /** A recorded story: only the phone number is then required (docs/stories.md, "Voice stories"). */
  voice?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onConsent: (checked: boolean) => void;
  /** What happens to her story, said where she decides: before the consent box and Submit. */
  beforeConsent?: ReactNode;
}

/** The story form's fields, drawn from their one description, as the answer pages draw theirs. */
export default function StoryFormFields({ idPrefix, strings, fields, consent, voice = false, onChange, onConsent, beforeConsent }: Props) {
  const id = (suffix: string) => fieldId(idPrefix, suffix);
  return (
    <>
      {FORM_FIELDS.map((field) => {
        const hintId = field.hint && id(`${field.id}-hint`);
        const common = {
          id: id(field.id), name: field.name, autoComplete: field.autoComplete, required: !voice || field.name === 'Phone',
          'aria-describedby': hintId, value: fields[field.name], onChange,
        };
        return (
          <Fragment key={field.name}>
            <label htmlFor={id(field.id)}>{strings[field.label]}</label>
            {field.control === 'textarea'
              ? <textarea {...common} rows={field.rows} />
              : <input {...common} type={field.type} inputMode={field.inputMode} pattern={field.pattern} maxLength={field.maxLength} />}
            {field.hint && <p id={hintId} className={styles.hint}>{strings[field.hint]}</p>}
          </Fragment>
        );
      })}

      {/* Spam: people never see, hear or reach this field; bots fill it (docs/stories.md). */}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={id(HONEYPOT_FIELD.id)}>{strings[HONEYPOT_FIELD.label]}</label>
        <input id={id(HONEYPOT_FIELD.id)} name={HONEYPOT_FIELD.name} tabIndex={HONEYPOT_FIELD.tabIndex}
          autoComplete={HONEYPOT_FIELD.autoComplete} />
      </div>

      {beforeConsent}
      <label className={styles.consent}>
        {/* No name: consent is required to send, but is not sent. */}
        <input type="checkbox" required checked={consent} onChange={(event) => onConsent(event.target.checked)} />
        <span>{strings[CONSENT_FIELD.label]}</span>
      </label>
    </>
  );
}
