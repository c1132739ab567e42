import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PlaceOption, PortOption, SubscriberRecord, TradeLabelOption } from '../../contract/subscribe';
import { ApiError, apiFetch } from '../../contract/fetch';
import { API_LANGUAGE, type Locale } from '../../i18n/locales';
import {
  checkCaptchaCode,
  checkEmailCode,
  checkSubscribeEmail,
  checkSubscriberField,
  CODE_RESEND_SECONDS,
  FREQUENCIES,
  FREQUENCY,
  SCOPE,
  SUBSCRIBE_PATH,
  SUBSCRIBER_FIELDS,
  SUBSCRIBER_STATUS,
  WEEKDAYS,
  type SubscribeError,
  type SubscriberField,
} from '../../forms/validation/subscribe';
import { CaptchaField, Field, MailedCodeInput, describedBy, useCaptcha } from '../shared/form-parts';
import { useHydrated } from '../shared/hydrated';
import { fill, splitFieldMessage } from '../shared/text';
import { checkPrefs, DEFAULT_PREFS, prefsFromRecord, prefsToWire, type PrefField, type Prefs } from './prefs';
import type { SubscribeStrings } from './strings';
import '../shared/forms.css';
import './subscribe.css';

/**
 * The newsletter subscription manager (spec 002 "Subscription management page",
 * states "Subscription form"). Step one: e-mail and the 6-digit code mailed by
 * "Get code" (then disabled for 60 s with a countdown); Next looks the address up:
 * 200 fills the form with the subscription (status U, Modify), 201 shows the empty
 * form (status N, Submit), anything else shows the server's message. Step two: the
 * subscriber's fields (country → province → city, a change clearing what depends on
 * it) and the preferences (scope, categories, trades with their services on hover,
 * ports, frequency, day unless daily, picture code). Every rule of
 * src/forms/validation/subscribe.ts runs on blur and on submit ("please refine" when
 * anything is wrong); results show in a dialog; Unsubscribe asks first.
 *
 * Used by the corporate page and, through SubscribePage.astro, by the local sites:
 * `lang` is what the page sends as the wire's lang (zh-CN / en-US or a local code).
 */
export interface SubscribeFormProps {
  locale: Locale;
  lang: string;
  strings: SubscribeStrings;
  idPrefix?: string;
}

type Mode = 'N' | 'U';
type Fields = Record<Exclude<SubscriberField, 'email'>, string>;
const EMPTY_FIELDS: Fields = { company: '', firstName: '', lastName: '', country: '', province: '', city: '', phone: '', jobTitle: '' };
const CONTINENTS = ['asia', 'europe', 'america', 'africa', 'oceania'] as const;
/** Form order, for focusing the first invalid field. */
const ORDER = ['company', 'firstName', 'lastName', 'country', 'province', 'city', 'phone', 'jobTitle', 'categories', 'business', 'frequency', 'dayOfWeek', 'code'] as const;
type ErrorKey = (typeof ORDER)[number];

/** The server's message; for a request that got no answer, the template ({{message}}) with the error. */
function messageOf(error: unknown, template: string): string {
  if (error instanceof ApiError && error.code !== 'NETWORK') return error.message;
  return fill(template, { message: (error as Error)?.message ?? String(error) });
}

function useList<T>(path: string | null, language: 0 | 1) {
  const [state, setState] = useState<{ items: T[]; loading: boolean; error: boolean }>({ items: [], loading: Boolean(path), error: false });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the fetch on a retry
  useEffect(() => {
    if (!path) return setState({ items: [], loading: false, error: false });
    const abort = new AbortController();
    setState({ items: [], loading: true, error: false });
    apiFetch<T[]>(path, { language, signal: abort.signal })
      .then((items) => setState({ items, loading: false, error: false }))
      .catch((e: Error) => e.name !== 'AbortError' && setState({ items: [], loading: false, error: true }));
    return () => abort.abort();
  }, [path, language, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

/** A native modal dialog, opened while `open` (Escape and the buttons close it through onClose). */
function Dialog(props: { id: string; open: boolean; title: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (props.open && d && !d.open) d.showModal();
    if (!props.open && d?.open) d.close();
  }, [props.open]);
  return (
    <dialog ref={ref} className="subscribe-dialog" aria-labelledby={`${props.id}-title`} onClose={props.onClose}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      {props.children}
    </dialog>
  );
}

export default function SubscribeForm({ locale, lang, strings: s, idPrefix = 'subscribe' }: SubscribeFormProps) {
  const language = API_LANGUAGE[locale];
  const id = (name: string) => `${idPrefix}-${name}`;
  const [step, setStep] = useState<1 | 2>(1);
  const [mode, setMode] = useState<Mode>('N');
  const [record, setRecord] = useState<SubscriberRecord | null>(null);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({});
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState<'code' | 'next' | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const answer = useRef<(yes: boolean) => void>(() => {});
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const step2Ref = useRef<HTMLHeadingElement>(null);

  const hydrated = useHydrated();
  // what the visitor typed before the island hydrated stays on screen (React keeps it) but not in
  // the state, and would be wiped by the next render: taken into the state once, on hydration
  useEffect(() => {
    if (emailRef.current?.value) setEmail(emailRef.current.value);
    if (codeRef.current?.value) setCode(codeRef.current.value.replace(/\s+/g, ''));
  }, []);

  // The one-click link of the mails lands here with ?result=...
  useEffect(() => {
    const r = new URLSearchParams(location.search).get('result');
    if (r === 'unsubscribed' || r === 'notSubscribed' || r === 'invalidLink') setNote({ ok: r === 'unsubscribed', text: s[`subscribe.link.${r}`] });
  }, [s]);
  useEffect(() => {
    if (countdown <= 0) return;
    const t = setTimeout(() => setCountdown((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [countdown]);
  useEffect(() => {
    if (step === 2) step2Ref.current?.focus();
  }, [step]);

  const checkStep1 = (fields: ('email' | 'code')[]) => {
    const found: { email?: string; code?: string } = {};
    const e = checkSubscribeEmail(email);
    const c = checkEmailCode(code);
    if (fields.includes('email') && e) found.email = s[e];
    if (fields.includes('code') && c) found.code = s[c];
    setErrors((x) => ({ ...x, ...Object.fromEntries(fields.map((f) => [f, found[f]])) }));
    if (found.email) emailRef.current?.focus();
    else if (found.code) codeRef.current?.focus();
    return !found.email && !found.code;
  };

  async function getCode() {
    if (busy || countdown > 0 || !checkStep1(['email'])) return;
    setBusy('code');
    setNote(null);
    try {
      await apiFetch(SUBSCRIBE_PATH.sendCode, { method: 'POST', body: { form: { email: email.trim(), lang } }, language });
      setCountdown(CODE_RESEND_SECONDS);
      setNote({ ok: true, text: fill(s['subscribe.codeSentTo'], { email: email.trim() }) });
      codeRef.current?.focus();
    } catch (error) {
      setNote({ ok: false, text: messageOf(error, s['subscribe.requestFailed']) });
    } finally {
      setBusy(null);
    }
  }

  async function next(event: { preventDefault(): void }) {
    event.preventDefault();
    if (busy || !checkStep1(['email', 'code'])) return;
    setBusy('next');
    setNote(null);
    try {
      const found = await apiFetch<SubscriberRecord>(SUBSCRIBE_PATH.lookup, { method: 'POST', body: { form: { email: email.trim(), lang, code: code.trim() } }, language });
      setRecord(found);
      setMode('U');
      setStep(2);
      setNote({ ok: true, text: s['subscribe.lookup.found'] });
    } catch (error) {
      if (error instanceof ApiError && error.code === '201') {
        setRecord(null);
        setMode('N');
        setStep(2);
        setNote({ ok: true, text: error.message });
      } else setNote({ ok: false, text: messageOf(error, s['subscribe.requestFailed']) });
    } finally {
      setBusy(null);
    }
  }

  const restart = (text: { ok: boolean; text: string } | null) => {
    setStep(1);
    setMode('N');
    setRecord(null);
    setCode('');
    setNote(text);
    setTimeout(() => emailRef.current?.focus());
  };

  const confirm = () =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setConfirming(true);
    });
  const closeConfirm = (yes: boolean) => {
    setConfirming(false);
    answer.current(yes);
    answer.current = () => {};
  };

  const locked = step === 2;
  return (
    <div className="subscribe">
      <ol className="subscribe-steps" aria-label={s['subscribe.steps']}>
        <li aria-current={step === 1 ? 'step' : undefined}>
          <span className="subscribe-step-no">1</span> {s['subscribe.step1']}
        </li>
        <li aria-current={step === 2 ? 'step' : undefined}>
          <span className="subscribe-step-no">2</span> {s['subscribe.step2']}
        </li>
      </ol>

      <form className="subscribe-card subscribe-verify" noValidate onSubmit={next} aria-busy={busy === 'next'}>
        {!locked ? <p className="subscribe-lead">{s['subscribe.step1Intro']}</p> : null}
        <div className="verify-grid">
          <Field id={id('email')} label={s['subscribe.email']} required requiredText={s['forms.required']} error={errors.email}>
            <input
              ref={emailRef}
              id={id('email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              readOnly={locked}
              placeholder={s['forms.required']}
              value={email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy(id('email'), false, Boolean(errors.email))}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => !locked && email && checkStep1(['email'])}
            />
          </Field>
          <Field id={id('emailCode')} label={s['subscribe.emailCode']} required requiredText={s['forms.required']} hint={s['subscribe.emailCodeHint']} error={errors.code}>
            <div className="code-row">
              <MailedCodeInput id={id('emailCode')} inputRef={codeRef} readOnly={locked} placeholder={s['forms.required']} value={code} error={errors.code} onChange={setCode} />
              <button type="button" className="button secondary" onClick={getCode} disabled={!hydrated || locked || busy === 'code' || countdown > 0} aria-live="polite">
                {busy === 'code' ? <span className="spinner" aria-hidden="true" /> : null}
                {countdown > 0 ? fill(s['subscribe.resendIn'], { seconds: countdown }) : s['subscribe.getCode']}
              </button>
            </div>
          </Field>
        </div>
        <div className="form-actions">
          {locked ? (
            <button type="button" className="link-button" onClick={() => restart(null)}>
              {s['subscribe.changeEmail']}
            </button>
          ) : (
            <button type="submit" className="button" disabled={!hydrated || busy === 'next'}>
              {busy === 'next' ? <span className="spinner" aria-hidden="true" /> : null}
              {busy === 'next' ? s['subscribe.checking'] : s['subscribe.next']}
            </button>
          )}
          <p className="form-outcome is-ok" role="status">
            {note?.ok ? note.text : ''}
          </p>
          <p className="form-outcome is-error" role="alert">
            {note && !note.ok ? note.text : ''}
          </p>
        </div>
      </form>

      {step === 2 ? (
        <Details
          key={record?.userUuid ?? 'new'}
          id={id}
          headingRef={step2Ref}
          language={language}
          locale={locale}
          lang={lang}
          s={s}
          email={email.trim()}
          emailCode={code.trim()}
          mode={mode}
          record={record}
          confirm={confirm}
          showResult={setResult}
          onDone={(kind) => {
            if (kind === 'deleted') restart({ ok: true, text: s['subscribe.done.deleted'] });
            else setMode('U');
          }}
        />
      ) : null}

      <Dialog id={id('confirm')} open={confirming} title={s['subscribe.confirmTitle']} onClose={() => confirming && closeConfirm(false)}>
        <p>{s['subscribe.confirmText']}</p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => closeConfirm(true)}>
            {s['subscribe.confirmYes']}
          </button>
          <button type="button" className="button secondary" onClick={() => closeConfirm(false)}>
            {s['subscribe.cancel']}
          </button>
        </div>
      </Dialog>
      <Dialog id={id('result')} open={result !== null} title={s['subscribe.resultTitle']} onClose={() => setResult(null)}>
        <p className={result?.ok ? 'dialog-ok' : 'dialog-error'} role={result?.ok ? 'status' : 'alert'}>
          {result?.text}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => setResult(null)}>
            {s['subscribe.ok']}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

interface DetailsProps {
  id(name: string): string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  language: 0 | 1;
  locale: Locale;
  lang: string;
  s: SubscribeStrings;
  email: string;
  emailCode: string;
  mode: Mode;
  record: SubscriberRecord | null;
  confirm(): Promise<boolean>;
  showResult(result: { ok: boolean; text: string }): void;
  onDone(kind: 'subscribed' | 'modified' | 'deleted'): void;
}

/** Step two: the subscriber's details and preferences, Submit / Modify and Unsubscribe. */
function Details({ id, headingRef, language, locale, lang, s, email, emailCode, mode, record, confirm, showResult, onDone }: DetailsProps) {
  const [fields, setFields] = useState<Fields>(() => (record ? { ...EMPTY_FIELDS, ...Object.fromEntries(Object.keys(EMPTY_FIELDS).map((k) => [k, record[k as keyof Fields]])) } : EMPTY_FIELDS));
  const [prefs, setPrefs] = useState<Prefs>(() => (record ? prefsFromRecord(record) : DEFAULT_PREFS));
  const [captchaCode, setCaptchaCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ErrorKey, string>>>({});
  const [busy, setBusy] = useState<'save' | 'cancel' | null>(null);
  const [summary, setSummary] = useState('');
  const refs = useRef(new Map<string, HTMLElement | null>());
  const ref = (name: string) => (el: HTMLElement | null) => void refs.current.set(name, el);
  const captcha = useCaptcha(language, s['subscribe.listFailed']);
  const labels = useList<TradeLabelOption>(SUBSCRIBE_PATH.newsLabels, language);
  const ports = useList<PortOption>(SUBSCRIBE_PATH.ports, language);
  const countries = useList<PlaceOption>(SUBSCRIBE_PATH.countries, language);
  const c = encodeURIComponent;
  const provinces = useList<PlaceOption>(fields.country ? `/subscribe/${c(fields.country)}/provinces` : null, language);
  const cities = useList<PlaceOption>(fields.country && fields.province ? `/subscribe/${c(fields.country)}/${c(fields.province)}/cities` : null, language);
  /** Continents whose ports list starts open: those with a port of the stored subscription. */
  const [initialPorts] = useState(() => new Set(record ? prefsFromRecord(record).ports : []));

  const collator = new Intl.Collator(locale === 'zh' ? 'zh-CN' : 'en');
  const all = { labels: labels.items.map((l) => l.tradeLabelCode), ports: ports.items.map((p) => p.portCode) };
  const hasProvinces = provinces.loading || provinces.items.length > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: all is made on each render from the loaded lists; the number of ports is what the check depends on
  const validate = useCallback(
    (f: Fields, p: Prefs, captchaAnswer: string) => {
      const found: Partial<Record<ErrorKey, string>> = {};
      for (const field of SUBSCRIBER_FIELDS) {
        if (field === 'email') continue;
        const error = checkSubscriberField(field, { ...f, email }, hasProvinces);
        if (error) found[field] = s[error];
      }
      const prefErrors = checkPrefs(p, all, { code: captchaAnswer, sign: captcha.sign || 'pending' });
      for (const [key, error] of Object.entries(prefErrors) as [PrefField, SubscribeError][]) found[key] = s[error];
      return found;
    },
    [email, hasProvinces, all.labels.length, all.ports.length, captcha.sign, s],
  );

  const recheck = (key: ErrorKey, f: Fields, p: Prefs, captchaAnswer = captchaCode) => setErrors((e) => ({ ...e, [key]: validate(f, p, captchaAnswer)[key] }));
  const setField = (name: keyof Fields, value: string) => {
    const next = { ...fields, [name]: value };
    // the cascade: a new country clears province and city, a new province the city
    if (name === 'country') Object.assign(next, { province: '', city: '' });
    if (name === 'province') next.city = '';
    setFields(next);
    if (errors[name]) recheck(name, next, prefs);
  };
  const setPref = (change: Partial<Prefs>, key?: ErrorKey) => {
    const next = { ...prefs, ...change };
    setPrefs(next);
    for (const k of ['categories', 'business', 'frequency', 'dayOfWeek'] as const) if (errors[k] || (k === key && summary)) recheck(k, fields, next);
  };
  const toggle = (list: string[], value: string, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((v) => v !== value));

  const focusFirst = (found: Partial<Record<ErrorKey, string>>) => {
    const first = ORDER.find((k) => found[k]);
    if (first) refs.current.get(first)?.focus();
  };

  const failure = (error: unknown, template: string) => {
    const text = messageOf(error, template);
    const { field, text: fieldText } = splitFieldMessage(text, [...SUBSCRIBER_FIELDS, 'code', 'labels', 'portSubscribe', 'dayOfWeek']);
    const key = field === 'labels' || field === 'portSubscribe' ? 'business' : (field as ErrorKey | null);
    if (key && (ORDER as readonly string[]).includes(key)) setErrors((e) => ({ ...e, [key]: fieldText }));
    showResult({ ok: false, text });
  };

  async function save(event: { preventDefault(): void }) {
    event.preventDefault();
    if (busy) return;
    const found = validate(fields, prefs, captchaCode);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setSummary(s['subscribe.refine']);
      focusFirst(found);
      return;
    }
    setSummary('');
    setBusy('save');
    const body: Record<string, string> = {
      ...fields,
      email,
      ...prefsToWire(prefs, all),
      code: captchaCode.trim(),
      sign: captcha.sign,
      emailCode,
      lang,
      status: SUBSCRIBER_STATUS.active,
      ...(record ? { uuid: record.userUuid } : {}),
    };
    const registering = mode === 'N';
    try {
      await apiFetch(registering ? SUBSCRIBE_PATH.register : SUBSCRIBE_PATH.update, { method: 'POST', body: { form: body }, language });
      showResult({ ok: true, text: registering ? fill(s['subscribe.done.subscribed'], { email }) : s['subscribe.done.modified'] });
      onDone(registering ? 'subscribed' : 'modified');
    } catch (error) {
      failure(error, registering ? s['subscribe.err.subscribeFailed'] : s['subscribe.err.modifyFailed']);
    } finally {
      setCaptchaCode('');
      captcha.reload();
      setBusy(null);
    }
  }

  async function unsubscribe() {
    if (busy) return;
    if (mode === 'N') {
      showResult({ ok: false, text: s['subscribe.err.notSubscribed'] });
      return;
    }
    const error = checkCaptchaCode(captchaCode) ?? (captcha.sign ? null : 'subscribe.err.sign');
    if (error) {
      setErrors((e) => ({ ...e, code: s[error] }));
      refs.current.get('code')?.focus();
      return;
    }
    if (!(await confirm())) return;
    setBusy('cancel');
    try {
      await apiFetch(SUBSCRIBE_PATH.cancel, {
        method: 'POST',
        body: { form: { email, lang, emailCode, code: captchaCode.trim(), sign: captcha.sign, ...(record ? { uuid: record.userUuid } : {}) } },
        language,
      });
      onDone('deleted');
      showResult({ ok: true, text: s['subscribe.done.deleted'] });
    } catch (err) {
      failure(err, s['subscribe.err.deleteFailed']);
      setCaptchaCode('');
      captcha.reload();
      setBusy(null);
    }
  }

  const input = (name: keyof Fields, label: string, options: { required?: boolean; type?: string; autoComplete?: string; hint?: string } = {}) => (
    <Field id={id(name)} label={label} required={options.required} requiredText={s['forms.required']} optionalText={s['forms.optional']} hint={options.hint} error={errors[name]}>
      <input
        ref={ref(name)}
        id={id(name)}
        name={name}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        required={options.required}
        placeholder={options.required ? s['forms.required'] : undefined}
        value={fields[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(id(name), Boolean(options.hint), Boolean(errors[name]))}
        onChange={(e) => setField(name, e.target.value)}
        onBlur={() => recheck(name, fields, prefs)}
      />
    </Field>
  );
  const select = (name: 'country' | 'province' | 'city', label: string, list: ReturnType<typeof useList<PlaceOption>>, required: boolean, disabled: boolean) => (
    <Field id={id(name)} label={label} required={required} requiredText={s['forms.required']} optionalText={s['forms.optional']} error={errors[name]}>
      <select
        ref={ref(name)}
        id={id(name)}
        name={name}
        value={fields[name]}
        disabled={disabled || list.loading}
        aria-busy={list.loading}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(id(name), false, Boolean(errors[name]))}
        onChange={(e) => setField(name, e.target.value)}
        onBlur={() => recheck(name, fields, prefs)}
      >
        <option value="">{list.loading ? s['forms.loading'] : s['forms.choose']}</option>
        {list.items.map((o) => (
          <option key={o.code} value={o.code}>
            {o.description}
          </option>
        ))}
        {/* a stored value the list no longer has is still shown, not silently dropped */}
        {fields[name] && !list.loading && !list.items.some((o) => o.code === fields[name]) ? <option value={fields[name]}>{fields[name]}</option> : null}
      </select>
      {list.error ? <ListError s={s} retry={list.retry} /> : null}
    </Field>
  );
  const fieldError = (key: ErrorKey) => (
    <p className="form-error" id={`${id(key)}-error`} aria-live="polite" hidden={!errors[key]}>
      {errors[key] ?? ''}
    </p>
  );
  const byCategory = prefs.scope === SCOPE.byCategory;

  return (
    <form className="subscribe-card subscribe-details" noValidate onSubmit={save} aria-busy={busy !== null}>
      <h2 ref={headingRef} tabIndex={-1} className="subscribe-status">
        {mode === 'N' ? s['subscribe.statusNew'] : s['subscribe.statusExisting']}: <span>{email}</span>
      </h2>

      <fieldset className="subscribe-section">
        <legend>{s['subscribe.details']}</legend>
        <div className="form-grid">
          {input('company', s['subscribe.company'], { required: true, autoComplete: 'organization' })}
          {input('jobTitle', s['subscribe.jobTitle'], { autoComplete: 'organization-title' })}
          {input('firstName', s['subscribe.firstName'], { required: true, autoComplete: 'given-name' })}
          {input('lastName', s['subscribe.lastName'], { required: true, autoComplete: 'family-name' })}
        </div>
        <div className="form-grid three">
          {select('country', s['subscribe.country'], countries, true, false)}
          {select('province', s['subscribe.province'], provinces, hasProvinces && Boolean(fields.country), !fields.country)}
          {select('city', s['subscribe.city'], cities, false, !fields.province)}
        </div>
        <div className="form-grid">{input('phone', s['subscribe.phone'], { type: 'tel', autoComplete: 'tel', hint: s['subscribe.phoneHint'] })}</div>
      </fieldset>

      <fieldset className="subscribe-section">
        <legend>{s['subscribe.preferences']}</legend>
        <fieldset className="form-field form-choice inline">
          <legend>{s['subscribe.scope']}</legend>
          {[
            [SCOPE.all, s['subscribe.scopeAll']],
            [SCOPE.byCategory, s['subscribe.scopeCategory']],
          ].map(([value, label]) => (
            <label key={value} className="choice">
              <input type="radio" name={id('scope')} value={value} checked={prefs.scope === value} onChange={() => setPref({ scope: value as Prefs['scope'] })} />
              {label}
            </label>
          ))}
        </fieldset>

        {byCategory ? (
          <fieldset className="form-field form-choice subscribe-categories" aria-describedby={errors.categories ? `${id('categories')}-error` : undefined}>
            <legend>{s['subscribe.categories']}</legend>
            <label className="choice">
              <input ref={ref('categories')} type="checkbox" checked={prefs.important} onChange={(e) => setPref({ important: e.target.checked }, 'categories')} />
              <span>
                {s['subscribe.important']} <small>{s['subscribe.importantHint']}</small>
              </span>
            </label>
            <label className="choice">
              <input type="checkbox" checked={prefs.business} onChange={(e) => setPref({ business: e.target.checked }, 'categories')} />
              <span>
                {s['subscribe.business']} <small>{s['subscribe.businessHint']}</small>
              </span>
            </label>
            {fieldError('categories')}
          </fieldset>
        ) : null}

        {byCategory && prefs.business ? (
          <div className="subscribe-business">
            <fieldset className="form-field" aria-describedby={`${id('trades')}-hint`}>
              <legend>{s['subscribe.trades']}</legend>
              <p className="form-hint" id={`${id('trades')}-hint`}>
                {s['subscribe.tradesHint']}
              </p>
              {labels.error ? <ListError s={s} retry={labels.retry} /> : null}
              <ul className="trade-cards">
                {labels.items.map((l, i) => (
                  <li key={l.tradeLabelCode} className={`trade-card${prefs.labels.includes(l.tradeLabelCode) ? ' is-on' : ''}`}>
                    <label>
                      <input
                        ref={i === 0 ? ref('business') : undefined}
                        type="checkbox"
                        value={l.tradeLabelCode}
                        checked={prefs.labels.includes(l.tradeLabelCode)}
                        aria-describedby={`${id('routes')}-${l.tradeLabelCode}`}
                        onChange={(e) => setPref({ labels: toggle(prefs.labels, l.tradeLabelCode, e.target.checked) }, 'business')}
                      />
                      <span className="trade-name">{l.tradeLabel}</span>
                      <span className="trade-count">{l.children.length}</span>
                    </label>
                    <div className="trade-routes" id={`${id('routes')}-${l.tradeLabelCode}`} role="tooltip">
                      <p>{fill(s['subscribe.tradeRoutes'], { trade: l.tradeLabel })}</p>
                      <ul>
                        {l.children.map((r) => (
                          <li key={r.tradeLabelCode}>{r.tradeDesc}</li>
                        ))}
                      </ul>
                    </div>
                  </li>
                ))}
              </ul>
            </fieldset>
            <fieldset className="form-field subscribe-ports">
              <legend>{s['subscribe.ports']}</legend>
              <p className="form-hint">{s['subscribe.portsHint']}</p>
              {ports.error ? <ListError s={s} retry={ports.retry} /> : null}
              {CONTINENTS.map((continent) => {
                const name = (p: PortOption) => (locale === 'zh' ? p.portZh : p.portEn);
                const list = ports.items.filter((p) => p.portContinent === continent).sort((a, b) => collator.compare(name(a), name(b)));
                if (!list.length) return null;
                const chosen = list.filter((p) => prefs.ports.includes(p.portCode)).length;
                return (
                  <details key={continent} className="port-group" open={list.some((p) => initialPorts.has(p.portCode)) || undefined}>
                    <summary>
                      {s[`subscribe.continent.${continent}`]}
                      {chosen ? <span className="port-chosen">{fill(s['subscribe.portsChosen'], { count: chosen })}</span> : null}
                    </summary>
                    <ul className="port-list">
                      {list.map((p) => (
                        <li key={p.portCode}>
                          <label className="choice">
                            <input
                              type="checkbox"
                              value={p.portCode}
                              checked={prefs.ports.includes(p.portCode)}
                              onChange={(e) => setPref({ ports: toggle(prefs.ports, p.portCode, e.target.checked) }, 'business')}
                            />
                            <span>
                              {name(p)} <span className="port-code">{p.portCode}</span>
                            </span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </details>
                );
              })}
            </fieldset>
            {fieldError('business')}
          </div>
        ) : null}

        <div className="subscribe-when">
          <fieldset className="form-field form-choice inline">
            <legend>{s['subscribe.frequency']}</legend>
            {FREQUENCIES.map((f, i) => (
              <label key={f} className="choice">
                <input ref={i === 0 ? ref('frequency') : undefined} type="radio" name={id('frequency')} value={f} checked={prefs.frequency === f} onChange={() => setPref({ frequency: f })} />
                {s[`subscribe.frequency.${f}`]}
              </label>
            ))}
            {fieldError('frequency')}
          </fieldset>
          {prefs.frequency !== FREQUENCY.daily ? (
            <Field id={id('dayOfWeek')} label={s['subscribe.dayOfWeek']} required requiredText={s['forms.required']} error={errors.dayOfWeek}>
              <select ref={ref('dayOfWeek')} id={id('dayOfWeek')} name="dayOfWeek" value={prefs.day} onChange={(e) => setPref({ day: e.target.value as Prefs['day'] })}>
                {WEEKDAYS.map((d) => (
                  <option key={d} value={d}>
                    {s[`subscribe.day.${d}`]}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
        </div>

        <CaptchaField
          id={id('code')}
          value={captchaCode}
          error={errors.code}
          captcha={captcha}
          inputRef={ref('code')}
          strings={{
            'forms.code': s['subscribe.captcha'],
            'forms.codeHint': s['subscribe.captchaHint'],
            'forms.captchaAlt': s['forms.captchaAlt'],
            'forms.captchaRefresh': s['forms.captchaRefresh'],
            'forms.captchaLoading': s['forms.captchaLoading'],
            'forms.required': s['forms.required'],
          }}
          onChange={(v) => {
            setCaptchaCode(v);
            if (errors.code) recheck('code', fields, prefs, v);
          }}
          onBlur={() => captchaCode && recheck('code', fields, prefs)}
        />
      </fieldset>

      <div className="form-actions">
        <button type="submit" className="button" disabled={busy !== null}>
          {busy === 'save' ? <span className="spinner" aria-hidden="true" /> : null}
          {busy === 'save' ? s['subscribe.sending'] : mode === 'N' ? s['subscribe.submit'] : s['subscribe.modify']}
        </button>
        <button type="button" className="button secondary" onClick={unsubscribe} disabled={busy !== null}>
          {busy === 'cancel' ? <span className="spinner" aria-hidden="true" /> : null}
          {s['subscribe.unsubscribe']}
        </button>
        <p className="form-outcome is-error" role="alert">
          {summary}
        </p>
      </div>
    </form>
  );
}

function ListError({ s, retry }: { s: SubscribeStrings; retry(): void }) {
  return (
    <p className="form-error">
      {s['subscribe.listFailed']}{' '}
      <button type="button" className="link-button" onClick={retry}>
        {s['forms.retry']}
      </button>
    </p>
  );
}
