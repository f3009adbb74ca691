/** A labelled input whose rule message sits right under it; the typed value is never touched by validation. */
import type { ComponentChildren } from 'preact';

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  error?: string | null;
  type?: 'text' | 'tel' | 'password';
  inputMode?: 'numeric' | 'tel' | 'text';
  placeholder?: string;
  autoComplete?: string;
  maxLength?: number;
  /** Trailing control inside the field (send-code button, show-password toggle). */
  suffix?: ComponentChildren;
}

export function Field(props: FieldProps) {
  const errorId = `${props.id}-error`;
  return (
    <div class={`field${props.error ? ' field--invalid' : ''}`}>
      <label class="field__label" for={props.id}>
        {props.label}
      </label>
      <div class="field__row">
        <input
          id={props.id}
          name={props.id}
          class="field__input"
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          maxLength={props.maxLength}
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          onInput={(event) => props.onInput((event.currentTarget as HTMLInputElement).value)}
        />
        {props.suffix}
      </div>
      {props.error ? (
        <p class="field__error" id={errorId} role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
