import { useCallback, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { ApiError, apiFetch } from '../../contract/fetch';
import { PATH } from '../../contract/wire';
import { CAPTCHA_STRING_KEYS } from './captcha-strings';

/**
 * Pieces both form islands use: a labelled field with its hint and inline error,
 * the captcha (picture, refresh button, answer box) and its loader.
 */

/** ids of the hint and error that describe a control (aria-describedby). */
export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldError({ id, error }: { id: string; error?: string | null }) {
  // Always present, so that screen readers announce the message when it appears.
  return (
    <p className="form-error" id={`${id}-error`} aria-live="polite" hidden={!error}>
      {error ?? ''}
    </p>
  );
}

export function Field(props: {
  id: string;
  label: string;
  required?: boolean;
  requiredText: string;
  optionalText?: string;
  hint?: ReactNode;
  error?: string | null;
  className?: string;
  children: ReactNode;
}) {
  const { id, label, required, requiredText, optionalText, hint, error, className, children } = props;
  return (
    <div className={`form-field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span className="form-required"> ({requiredText})</span> : optionalText ? <span className="form-optional"> ({optionalText})</span> : null}
      </label>
      {children}
      {hint ? (
        <p className="form-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The field of a code mailed to the visitor (six digits; the newsletter's and the tracking alerts'
 * double opt-in): the phone offers the code from the mail, spaces typed or pasted are dropped.
 * Inside a `Field` with a hint.
 */
export function MailedCodeInput(props: {
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  value: string;
  error?: string | null;
  onChange: (code: string) => void;
  readOnly?: boolean;
  placeholder?: string;
  className?: string;
}) {
  const { id, inputRef, value, error, onChange, readOnly, placeholder, className } = props;
  return (
    <input
      ref={inputRef}
      id={id}
      name="code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      readOnly={readOnly}
      placeholder={placeholder}
      className={className}
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, true, Boolean(error))}
      onChange={(e) => onChange(e.target.value.replace(/\s+/g, ''))}
    />
  );
}

export interface CaptchaState {
  image: string | null;
  sign: string;
  loading: boolean;
  error: string | null;
  reload(): void;
}

/** Loads a captcha now and on reload(); the picture and its sign are replaced together. */
export function useCaptcha(language: 0 | 1, failedText: string): CaptchaState {
  const [state, setState] = useState<Omit<CaptchaState, 'reload'>>({ image: null, sign: '', loading: true, error: null });
  const controller = useRef<AbortController | null>(null);
  const reload = useCallback(() => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState((s) => ({ ...s, loading: true, error: null }));
    apiFetch<{ imageCode: string; sign: string }>(PATH.captcha, { language, signal: abort.signal })
      .then((c) => setState({ image: c.imageCode, sign: c.sign, loading: false, error: null }))
      .catch((error: Error) => {
        if (error.name === 'AbortError') return;
        setState({ image: null, sign: '', loading: false, error: `${failedText} ${error instanceof ApiError ? error.message : ''}`.trim() });
      });
  }, [language, failedText]);
  useEffect(() => {
    reload();
    return () => controller.current?.abort();
  }, [reload]);
  return { ...state, reload };
}

export type CaptchaStringKey = (typeof CAPTCHA_STRING_KEYS)[number];

export function CaptchaField(props: {
  id: string;
  value: string;
  error?: string | null;
  captcha: CaptchaState;
  /** The form's dictionary: only the captcha's keys are read. */
  strings: Record<CaptchaStringKey, string>;
  inputRef: Ref<HTMLInputElement>;
  onChange(value: string): void;
  onBlur(): void;
}) {
  const { id, value, error, captcha, strings, inputRef, onChange, onBlur } = props;
  return (
    <div className={`form-field form-captcha${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {strings['forms.code']}
        <span className="form-required"> ({strings['forms.required']})</span>
      </label>
      <div className="captcha-row">
        <input
          ref={inputRef}
          id={id}
          name="code"
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={4}
          required
          placeholder={strings['forms.required']}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, true, Boolean(error))}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
        <span className="captcha-picture" aria-busy={captcha.loading}>
          {captcha.image ? (
            <img src={captcha.image} width={132} height={48} alt={strings['forms.captchaAlt']} />
          ) : (
            <span className="captcha-placeholder">{captcha.error ?? strings['forms.captchaLoading']}</span>
          )}
        </span>
        <button type="button" className="button secondary captcha-refresh" onClick={captcha.reload} disabled={captcha.loading}>
          <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5" />
          </svg>
          {strings['forms.captchaRefresh']}
        </button>
      </div>
      <p className="form-hint" id={`${id}-hint`}>
        {strings['forms.codeHint']}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** Runs fn once `ms` after the last call (the spec checks the captcha and the phone after a 1 s pause). */
export function useDebounced(ms: number) {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach((t) => clearTimeout(t)), []);
  return useCallback(
    (key: string, fn: () => void) => {
      clearTimeout(timers.current.get(key));
      timers.current.set(key, setTimeout(fn, ms));
    },
    [ms],
  );
}
