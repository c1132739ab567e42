import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { apiFetch } from '../../contract/fetch';
import { PATH } from '../../contract/wire';
import { API_LANGUAGE, type Locale } from '../../i18n/locales';
import { RESUME_FIELDS, RESUME_MAX_LABEL, SEX, checkResumeField, checkResumeFile, validateResume, type ResumeError, type ResumeField, type ResumeValues } from '../../forms/validation/resume';
import { useFormKit } from '../shared/form-kit';
import { CaptchaField, Field, FieldError, describedBy } from '../shared/form-parts';
import { fill, splitFieldMessage } from '../shared/text';
import type { ResumeStrings } from './strings';
import '../shared/forms.css';

/**
 * The resume form (spec 001: "Recruiting" resume page, states "Resume"): the
 * template of the chosen position to download, then name, gender, school, major,
 * graduation, position, the résumé file and the captcha. The file is uploaded as
 * soon as it is chosen (DOC or DOCX, at most 10 MB: checked here by name and size,
 * by content on the server) and the upload's result is shown. Every rule of
 * src/forms/validation/resume.ts runs on blur and on submit; a failed submit says
 * 'submission failed' and focuses the first invalid field. Success shows a tick
 * and disables the submit button; a refusal reloads the captcha.
 */
export interface ResumeFormProps {
  locale: Locale;
  strings: ResumeStrings;
  /** Published positions: id, name in the page's language, template URL. */
  positions: { id: string; title: string; template: string }[];
}

type Values = Omit<ResumeValues, 'sign'>;
const EMPTY: Values = { applyForName: '', applyForSex: '', graduateSchool: '', magor: '', graduateTime: '', positionUUID: '', path: '', code: '' };
const FIELDS = ['applyForName', 'applyForSex', 'graduateSchool', 'magor', 'graduateTime', 'positionUUID', 'path', 'code'] as const satisfies readonly ResumeField[];
type VisibleField = (typeof FIELDS)[number];

export default function ResumeForm({ locale, strings: s, positions }: ResumeFormProps) {
  const language = API_LANGUAGE[locale];
  const id = (name: string) => `resume-${name}`;
  const kit = useFormKit({ fields: FIELDS, empty: EMPTY, language, loadFailed: s['forms.loadFailed'], failedTemplate: s['forms.failed'], wireFields: RESUME_FIELDS });
  const { values, setValues, errors, setErrors, sending, hydrated, ref, later, captcha } = kit;
  const [upload, setUpload] = useState<{ state: 'idle' | 'uploading' | 'done' | 'failed'; text: string }>({ state: 'idle', text: '' });
  const [done, setDone] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const uploadAbort = useRef<AbortController | null>(null);

  // ?id= preselects the position (the job detail's "Apply online" button)
  useEffect(() => {
    const wanted = new URLSearchParams(location.search).get('id');
    if (wanted && positions.some((p) => p.id === wanted)) setValues((v) => ({ ...v, positionUUID: wanted }));
  }, [positions, setValues]);

  const say = (error: ResumeError | null) => (error ? s[error] : undefined);
  const check = (field: VisibleField, v: Values) => {
    const error = checkResumeField(field, v);
    setErrors((e) => ({ ...e, [field]: say(error) }));
    return error;
  };
  const change = (field: VisibleField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field] || field === 'applyForSex' || field === 'positionUUID') check(field, next);
    if (field === 'code') later('code', () => check('code', next));
  };
  const blur = (field: VisibleField) => check(field, values);

  async function chooseFile(file: File | undefined) {
    uploadAbort.current?.abort();
    setValues((v) => ({ ...v, path: '' }));
    if (!file) {
      setUpload({ state: 'idle', text: '' });
      return;
    }
    const problem = checkResumeFile(file);
    if (problem) {
      setUpload({ state: 'failed', text: fill(s[problem], { max: RESUME_MAX_LABEL }) });
      setErrors((e) => ({ ...e, path: fill(s[problem], { max: RESUME_MAX_LABEL }) }));
      return;
    }
    const abort = new AbortController();
    uploadAbort.current = abort;
    setUpload({ state: 'uploading', text: s['recruit.uploading'] });
    setErrors((e) => ({ ...e, path: undefined }));
    const form = new FormData();
    form.set('file', file);
    try {
      const answer = await apiFetch<{ path: string; name: string }>(PATH.upload, { method: 'POST', body: { multipart: form }, language, signal: abort.signal });
      setValues((v) => ({ ...v, path: answer.path }));
      setUpload({ state: 'done', text: fill(s['recruit.uploaded'], { name: answer.name }) });
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      const message = splitFieldMessage((error as Error).message, ['file']).text;
      setUpload({ state: 'failed', text: fill(s['recruit.uploadFailed'], { message }) });
      setErrors((e) => ({ ...e, path: message }));
    }
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || done) return;
    if (upload.state === 'uploading') return;
    const found = validateResume({ ...values, sign: captcha.sign || 'pending' });
    const visible = Object.fromEntries(FIELDS.map((f) => [f, errors.path && f === 'path' && !values.path ? errors.path : say(found[f] ?? null)])) as Partial<Record<VisibleField, string>>;
    setOutcome(null);
    const result = await kit.submit(visible, () => apiFetch(PATH.saveApplication, { method: 'POST', body: { form: { ...values, sign: captcha.sign } }, language }));
    if (result === 'invalid') setOutcome(s['recruit.failed']);
    else if (result === 'sent') setDone(true);
    else setOutcome(`${s['recruit.failed']}: ${result.failed}`);
  }

  const position = positions.find((p) => p.id === values.positionUUID);
  const input = (field: 'applyForName' | 'graduateSchool' | 'magor', label: string, autoComplete?: string) => (
    <Field id={id(field)} label={label} required requiredText={s['forms.required']} error={errors[field]}>
      <input
        ref={ref(field)}
        id={id(field)}
        name={field}
        type="text"
        autoComplete={autoComplete}
        required
        placeholder={s['forms.required']}
        value={values[field]}
        disabled={done}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(id(field), false, Boolean(errors[field]))}
        onChange={(e) => change(field, e.target.value)}
        onBlur={() => blur(field)}
      />
    </Field>
  );

  return (
    <div className="resume">
      <section className="resume-template" aria-labelledby="resume-template-title">
        <h2 id="resume-template-title">{s['recruit.templateTitle']}</h2>
        <p>{fill(s['recruit.templateText'], { max: RESUME_MAX_LABEL })}</p>
        {position ? (
          <a className="button secondary" href={position.template} download>
            <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" />
            </svg>
            {fill(s['recruit.templateDownload'], { position: position.title })}
          </a>
        ) : (
          <p className="status">{s['recruit.templateChoose']}</p>
        )}
      </section>

      <form className="resume-form" noValidate onSubmit={submit} aria-busy={sending}>
        <div className="form-grid">
          {input('applyForName', s['recruit.name'], 'name')}
          <fieldset className="form-field form-choice inline" aria-describedby={errors.applyForSex ? `${id('applyForSex')}-error` : undefined}>
            <legend>
              {s['recruit.sex']}
              <span className="form-required"> ({s['forms.required']})</span>
            </legend>
            {[
              [SEX.male, s['recruit.male']],
              [SEX.female, s['recruit.female']],
            ].map(([value, label], index) => (
              <label key={value} className="choice">
                <input
                  ref={index === 0 ? ref('applyForSex') : undefined}
                  type="radio"
                  name="applyForSex"
                  value={value}
                  checked={values.applyForSex === value}
                  disabled={done}
                  aria-invalid={errors.applyForSex ? true : undefined}
                  onChange={() => change('applyForSex', value)}
                />
                {label}
              </label>
            ))}
            <FieldError id={id('applyForSex')} error={errors.applyForSex} />
          </fieldset>
          {input('graduateSchool', s['recruit.school'])}
          {input('magor', s['recruit.major'])}
          <Field id={id('graduateTime')} label={s['recruit.graduateTime']} required requiredText={s['forms.required']} hint="YYYY-MM" error={errors.graduateTime}>
            <input
              ref={ref('graduateTime')}
              id={id('graduateTime')}
              name="graduateTime"
              type="month"
              min="1950-01"
              required
              placeholder="YYYY-MM"
              value={values.graduateTime}
              disabled={done}
              aria-invalid={errors.graduateTime ? true : undefined}
              aria-describedby={describedBy(id('graduateTime'), true, Boolean(errors.graduateTime))}
              onChange={(e) => change('graduateTime', e.target.value)}
              onBlur={() => blur('graduateTime')}
            />
          </Field>
          <Field id={id('positionUUID')} label={s['recruit.position']} required requiredText={s['forms.required']} error={errors.positionUUID}>
            <select
              ref={ref('positionUUID')}
              id={id('positionUUID')}
              name="positionUUID"
              required
              value={values.positionUUID}
              disabled={done}
              aria-invalid={errors.positionUUID ? true : undefined}
              aria-describedby={describedBy(id('positionUUID'), false, Boolean(errors.positionUUID))}
              onChange={(e) => change('positionUUID', e.target.value)}
              onBlur={() => blur('positionUUID')}
            >
              <option value="">{s['forms.choose']}</option>
              {positions.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id={id('path')} label={s['recruit.file']} required requiredText={s['forms.required']} hint={fill(s['recruit.fileHint'], { max: RESUME_MAX_LABEL })} error={errors.path}>
          <input
            ref={ref('path')}
            id={id('path')}
            name="file"
            type="file"
            accept=".doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            required
            disabled={done}
            aria-invalid={errors.path ? true : undefined}
            aria-describedby={[describedBy(id('path'), true, Boolean(errors.path)), `${id('path')}-upload`].filter(Boolean).join(' ')}
            onChange={(e) => void chooseFile(e.target.files?.[0])}
          />
        </Field>
        <p className={`upload-status is-${upload.state}`} id={`${id('path')}-upload`} role="status">
          {upload.state === 'uploading' ? <span className="spinner" aria-hidden="true" /> : null}
          {upload.state === 'done' ? <span aria-hidden="true">✓ </span> : null}
          {upload.state === 'failed' ? '' : upload.text}
        </p>
        <CaptchaField id={id('code')} value={values.code} error={errors.code} captcha={captcha} inputRef={ref('code')} strings={s} onChange={(v) => change('code', v)} onBlur={() => blur('code')} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={!hydrated || sending || done || upload.state === 'uploading'}>
            {sending ? <span className="spinner" aria-hidden="true" /> : null}
            {sending ? s['recruit.sending'] : s['recruit.submit']}
          </button>
          <p className="form-outcome is-ok resume-done" role="status">
            {done ? (
              <>
                <svg className="tick" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <circle cx="12" cy="12" r="11" />
                  <path d="m7 12.5 3.2 3.2L17.5 8.5" />
                </svg>
                {s['recruit.sent']}
              </>
            ) : (
              ''
            )}
          </p>
          <p className="form-outcome is-error" role="alert">
            {outcome ?? ''}
          </p>
        </div>
      </form>
    </div>
  );
}
