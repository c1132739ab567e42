import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import { apiFetch } from '../../contract/fetch';
import { PATH } from '../../contract/wire';
import { API_LANGUAGE, type Locale } from '../../i18n/locales';
import { COMMENT_MAX, CONTACT_FIELDS, NEED_CALL, charCount, checkContactField, validateContact, type ContactError, type ContactField, type ContactValues } from '../../forms/validation/contact';
import { $messageOverlay } from '../../browser/preferences';
import { useFormKit } from '../shared/form-kit';
import { CaptchaField, Field, describedBy } from '../shared/form-parts';
import { fill } from '../shared/text';
import type { ContactStrings } from './strings';

/**
 * The leave-message form (spec 001: "Leave-message form", states "Contact form"):
 * every rule of src/forms/validation/contact.ts on blur (captcha and phone also after a
 * 1 s pause while typing) and on submit, with the message in the page's language next
 * to the field (aria-invalid, aria-describedby) and focus on the first invalid field.
 * Submitting shows a spinner; a refusal shows the server's message and loads a new
 * captcha; success shows the server's message, clears the form and the selects,
 * loads a new captcha, and closes the overlay through $messageOverlay.
 *
 * Used on /{lang}/home/Message/leaveMessage (an Astro island), in the floating
 * widget's overlay and in the consultation dialogs (mounted on demand by ./mount.tsx).
 */
export interface ContactFormProps {
  locale: Locale;
  strings: ContactStrings;
  /** Prefix of element ids: several forms may share a page. */
  idPrefix: string;
  /** What the message is about (consultation dialogs): sent as the first line of the comment. */
  subject?: string;
  /** The floating widget's region (local-site region id). */
  region?: string;
  /** Take the region from the page's ?region= (the widget's link to the form page without JavaScript). */
  regionFromQuery?: boolean;
}

interface Option {
  code: string;
  label: string;
  value: string;
}

type Values = Omit<ContactValues, 'country' | 'sign'>;
const EMPTY: Values = { email: '', userName: '', companyName: '', needCall: NEED_CALL.no, tel: '', content: '', code: '' };
/** Fields the visitor fills in, in form order (focus goes to the first invalid one). */
const FIELDS = ['email', 'userName', 'companyName', 'needCall', 'tel', 'content', 'code'] as const satisfies readonly ContactField[];
type VisibleField = (typeof FIELDS)[number];

function useOptions(path: string | null, language: 0 | 1, query?: Record<string, string>) {
  const [state, setState] = useState<{ options: Option[]; loading: boolean; error: string | null }>({ options: [], loading: false, error: null });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the fetch on a retry; query is a new object on each render, its province is what the fetch depends on
  useEffect(() => {
    if (!path) {
      setState({ options: [], loading: false, error: null });
      return;
    }
    const abort = new AbortController();
    setState({ options: [], loading: true, error: null });
    apiFetch<Option[]>(path, { language, query, signal: abort.signal })
      .then((options) => setState({ options, loading: false, error: null }))
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setState({ options: [], loading: false, error: error.message });
      });
    return () => abort.abort();
  }, [path, language, attempt, query?.province]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

export default function ContactForm({ locale, strings: s, idPrefix, subject, region: regionProp, regionFromQuery }: ContactFormProps) {
  const [region, setRegion] = useState(regionProp);
  useEffect(() => {
    if (regionProp) setRegion(regionProp);
    else if (regionFromQuery) setRegion(/^\d{1,6}$/.exec(new URLSearchParams(location.search).get('region') ?? '')?.[0]);
  }, [regionProp, regionFromQuery]);
  const language = API_LANGUAGE[locale];
  const id = (name: string) => `${idPrefix}-${name}`;
  const kit = useFormKit({ fields: FIELDS, empty: EMPTY, language, loadFailed: s['forms.loadFailed'], failedTemplate: s['forms.failed'], wireFields: CONTACT_FIELDS });
  const { values, setValues, errors, setErrors, sending, hydrated, ref, later, captcha } = kit;
  const [country, setCountry] = useState('');
  const [province, setProvince] = useState('');
  const [city, setCity] = useState('');
  const [outcome, setOutcome] = useState<{ kind: 'ok' | 'error' | 'invalid'; text: string } | null>(null);

  const countries = useOptions(PATH.countries, language);
  const provinces = useOptions(country ? PATH.provinces.replace(':countryCode', encodeURIComponent(country)) : null, language);
  const cities = useOptions(country && province ? PATH.cities.replace(':countryCode', encodeURIComponent(country)) : null, language, { province });

  /** What is sent as the comment: the subject (consultation dialogs) on its own line, then the visitor's text. */
  const composed = (text: string) => (subject ? `[${subject}]\n${text.trim()}` : text);
  const wire = (v: Values, sign = captcha.sign): ContactValues => {
    const label = (list: Option[], code: string) => list.find((o) => o.code === code)?.label ?? '';
    const place = [label(countries.options, country), label(provinces.options, province), label(cities.options, city)].filter(Boolean).join('/');
    return { ...v, content: composed(v.content), country: place, sign };
  };
  const message = (error: ContactError | null) => (error ? s[error] : undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: composed and message are made on each render from subject and s, which are the dependencies
  const check = useCallback(
    (field: VisibleField, v: Values) => {
      let error = checkContactField(field, v);
      // with a subject, the comment's own rules apply to what the visitor typed, its length to all that is sent
      if (!error && field === 'content' && subject && charCount(composed(v.content)) > COMMENT_MAX) error = 'forms.err.commentLong';
      setErrors((e) => ({ ...e, [field]: message(error) }));
      return error;
    },
    [s, subject],
  );

  const change = (field: VisibleField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (outcome?.kind === 'ok') setOutcome(null);
    if (errors[field]) check(field, next);
    if (field === 'needCall' && errors.tel) check('tel', next);
    if (field === 'code' || field === 'tel') later(field, () => check(field, next));
  };
  const blur = (field: VisibleField) => check(field, values);

  const reset = () => {
    setValues(EMPTY);
    setErrors({});
    setCountry('');
    setProvince('');
    setCity('');
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = validateContact(wire(values, captcha.sign || 'pending'));
    if (subject && !found.content && charCount(composed(values.content)) > COMMENT_MAX) found.content = 'forms.err.commentLong';
    const visible = Object.fromEntries(FIELDS.map((f) => [f, message(found[f] ?? null)])) as Partial<Record<VisibleField, string>>;
    setOutcome(null);
    const body: Record<string, string> = { ...wire(values) };
    if (region) body.region = region;
    const result = await kit.submit(visible, () => apiFetch(PATH.saveContact, { method: 'POST', body: { form: body }, language }));
    if (result === 'invalid') setOutcome({ kind: 'invalid', text: s['forms.summary'] });
    else if (result === 'sent') {
      const sent = s['forms.contact.sent'];
      reset();
      setOutcome({ kind: 'ok', text: sent });
      captcha.reload();
      $messageOverlay.set({ open: false, notice: sent });
    } else setOutcome({ kind: 'error', text: result.failed });
  }

  const wantsCall = values.needCall === NEED_CALL.yes;
  const count = charCount(values.content);
  const select = (name: 'country' | 'province' | 'city', label: string, list: ReturnType<typeof useOptions>, value: string, onChange: (v: string) => void, disabled: boolean) => (
    <div className="form-field">
      <label htmlFor={id(name)}>
        {label}
        <span className="form-optional"> ({s['forms.optional']})</span>
      </label>
      <select
        id={id(name)}
        name={name}
        value={value}
        disabled={disabled || list.loading}
        aria-busy={list.loading}
        aria-describedby={list.error ? `${id(name)}-status` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{list.loading ? s['forms.loading'] : s['forms.choose']}</option>
        {list.options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.label}
          </option>
        ))}
      </select>
      {list.error ? (
        <p className="form-error" id={`${id(name)}-status`}>
          {s['forms.loadFailed']}{' '}
          <button type="button" className="link-button" onClick={list.retry}>
            {s['forms.retry']}
          </button>
        </p>
      ) : null}
    </div>
  );

  return (
    <form className="contact-form" noValidate onSubmit={submit} aria-busy={sending}>
      {subject ? (
        <p className="form-subject">
          <strong>{s['forms.subject']}:</strong> {subject}
        </p>
      ) : null}
      <div className="form-grid">
        <Field id={id('email')} label={s['forms.email']} required requiredText={s['forms.required']} error={errors.email}>
          <input
            ref={ref('email')}
            id={id('email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            placeholder={s['forms.required']}
            value={values.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy(id('email'), false, Boolean(errors.email))}
            onChange={(e) => change('email', e.target.value)}
            onBlur={() => blur('email')}
          />
        </Field>
        <Field id={id('userName')} label={s['forms.name']} required requiredText={s['forms.required']} error={errors.userName}>
          <input
            ref={ref('userName')}
            id={id('userName')}
            name="userName"
            type="text"
            autoComplete="name"
            required
            placeholder={s['forms.required']}
            value={values.userName}
            aria-invalid={errors.userName ? true : undefined}
            aria-describedby={describedBy(id('userName'), false, Boolean(errors.userName))}
            onChange={(e) => change('userName', e.target.value)}
            onBlur={() => blur('userName')}
          />
        </Field>
        <Field id={id('companyName')} label={s['forms.company']} requiredText={s['forms.required']} optionalText={s['forms.optional']} error={errors.companyName}>
          <input
            ref={ref('companyName')}
            id={id('companyName')}
            name="companyName"
            type="text"
            autoComplete="organization"
            value={values.companyName}
            aria-invalid={errors.companyName ? true : undefined}
            aria-describedby={describedBy(id('companyName'), false, Boolean(errors.companyName))}
            onChange={(e) => change('companyName', e.target.value)}
            onBlur={() => blur('companyName')}
          />
        </Field>
        <fieldset className="form-field form-choice">
          <legend>{s['forms.needCall']}</legend>
          {[
            [NEED_CALL.yes, s['forms.needCallYes']],
            [NEED_CALL.no, s['forms.needCallNo']],
          ].map(([value, label]) => (
            <label key={value} className="choice">
              <input
                ref={value === NEED_CALL.yes ? ref('needCall') : undefined}
                type="radio"
                name={`${idPrefix}-needCall`}
                value={value}
                checked={values.needCall === value}
                onChange={() => change('needCall', value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <Field id={id('tel')} label={s['forms.phone']} required={wantsCall} requiredText={s['forms.required']} optionalText={s['forms.optional']} hint={s['forms.phoneHint']} error={errors.tel}>
          <input
            ref={ref('tel')}
            id={id('tel')}
            name="tel"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required={wantsCall}
            placeholder={wantsCall ? s['forms.required'] : undefined}
            value={values.tel}
            aria-invalid={errors.tel ? true : undefined}
            aria-describedby={describedBy(id('tel'), true, Boolean(errors.tel))}
            onChange={(e) => change('tel', e.target.value)}
            onBlur={() => blur('tel')}
          />
        </Field>
      </div>
      <div className="form-grid three">
        {select(
          'country',
          s['forms.country'],
          countries,
          country,
          (v) => {
            setCountry(v);
            setProvince('');
            setCity('');
          },
          false,
        )}
        {select(
          'province',
          s['forms.province'],
          provinces,
          province,
          (v) => {
            setProvince(v);
            setCity('');
          },
          !country,
        )}
        {select('city', s['forms.city'], cities, city, setCity, !province)}
      </div>
      <Field
        id={id('content')}
        label={s['forms.comment']}
        required
        requiredText={s['forms.required']}
        hint={
          <>
            {s['forms.commentHint']} · <span className={count > COMMENT_MAX ? 'over' : undefined}>{fill(s['forms.counter'], { count, max: COMMENT_MAX })}</span>
          </>
        }
        error={errors.content}
      >
        <textarea
          ref={ref('content')}
          id={id('content')}
          name="content"
          rows={6}
          required
          placeholder={s['forms.required']}
          value={values.content}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={describedBy(id('content'), true, Boolean(errors.content))}
          onChange={(e) => change('content', e.target.value)}
          onBlur={() => blur('content')}
        />
      </Field>
      <CaptchaField id={id('code')} value={values.code} error={errors.code} captcha={captcha} inputRef={ref('code')} strings={s} onChange={(v) => change('code', v)} onBlur={() => blur('code')} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={!hydrated || sending}>
          {sending ? <span className="spinner" aria-hidden="true" /> : null}
          {sending ? s['forms.sending'] : s['forms.submit']}
        </button>
        <p className="form-outcome is-ok" role="status">
          {outcome?.kind === 'ok' ? outcome.text : ''}
        </p>
        <p className="form-outcome is-error" role="alert">
          {outcome && outcome.kind !== 'ok' ? outcome.text : ''}
        </p>
      </div>
    </form>
  );
}
