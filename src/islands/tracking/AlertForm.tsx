import { useEffect, useRef, useState } from 'react';
import type { TrackShipment } from '../../contract/tracking';
import { TRACKING_ALERT_HOURS, TRACKING_ALERT_PATH } from '../../contract/tracking-paths';
import { ApiError, apiAnswer } from '../../contract/fetch';
import { fill } from '../../i18n/fill';
import { Field, FieldError, MailedCodeInput, describedBy } from '../shared/form-parts';
import { ALERT_DEFAULTS, ALERT_FIELDS, ALERT_MILESTONE_ORDER, alertCodeBody, alertCreateBody, checkAlert, type AlertField, type AlertMilestone, type AlertValues } from './alert-check';
import type { TrackStrings } from './strings';

/**
 * The e-mail alerts of one found reference, inline in its card (loaded when its button is first
 * pressed, ./LiveResults.tsx). Step one: the address and what to be told of (departure, arrival,
 * discharge, available for pick-up, the arrival estimate moving by more than N hours); "Send code"
 * mails the 6-digit code (POST /tracking/alerts/code). Step two: the code and "Turn on alerts"
 * (POST /tracking/alerts); a new code can be asked for (the API says when it is too soon). What the
 * API answers, done or refused, is shown in its own words beside the buttons. Milestones that have
 * happened already are shown, not offered: an alert made now would never mail them.
 */

interface Props {
  id: string;
  open: boolean;
  reference: string;
  shipment: TrackShipment;
  reached: Set<AlertMilestone>;
  s: TrackStrings;
  language: 0 | 1;
  onClose(): void;
}

type Step = 'details' | 'code' | 'done';
type Busy = 'code' | 'resend' | 'create' | null;

export default function AlertForm({ id, open, reference, shipment: sh, reached, s, language, onClose }: Props) {
  const [values, setValues] = useState<AlertValues>(() => ({ ...ALERT_DEFAULTS, milestones: ALERT_DEFAULTS.milestones.filter((m) => !reached.has(m)) }));
  const [step, setStep] = useState<Step>('details');
  const [errors, setErrors] = useState<Partial<Record<AlertField, string>>>({});
  const [busy, setBusy] = useState<Busy>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const fields = useRef(new Map<string, HTMLElement | null>());
  const done = useRef<HTMLParagraphElement | null>(null);
  const ref = (name: string) => (el: HTMLElement | null) => void fields.current.set(name, el);
  const field = (name: string) => `${id}-${name}`;

  // on opening (and after each step) focus goes where the visitor is to type next
  useEffect(() => {
    if (!open) return;
    if (step === 'done') done.current?.focus();
    else fields.current.get(step === 'code' ? 'code' : 'email')?.focus();
  }, [open, step]);

  const set = <K extends keyof AlertValues>(key: K, value: AlertValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key as AlertField]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const toggle = (m: AlertMilestone, on: boolean) => set('milestones', on ? [...values.milestones, m] : values.milestones.filter((x) => x !== m));

  /** The step's checks: each problem beside its field, focus on the first. */
  function valid(kind: 'details' | 'code'): boolean {
    const found = checkAlert(values, kind);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, s[v]])));
    const first = ALERT_FIELDS.find((f) => found[f]);
    if (first) fields.current.get(first)?.focus();
    return !first;
  }

  async function send(kind: Exclude<Busy, null>) {
    if (busy || !valid(kind === 'create' ? 'code' : 'details')) return;
    setBusy(kind);
    setNote(null);
    try {
      if (kind === 'create') {
        const { message } = await apiAnswer(TRACKING_ALERT_PATH.create, { method: 'POST', body: { json: alertCreateBody(values, reference) }, language });
        setStep('done');
        setNote({ ok: true, text: message });
      } else {
        const { message } = await apiAnswer(TRACKING_ALERT_PATH.code, { method: 'POST', body: { json: alertCodeBody(values, reference) }, language });
        setNote({ ok: true, text: message });
        if (step === 'code') fields.current.get('code')?.focus();
        else setStep('code');
      }
    } catch (error) {
      const text = error instanceof ApiError && error.code !== 'NETWORK' ? error.message : fill(s['track.alert.failed'], { message: (error as Error).message });
      setNote({ ok: false, text });
    } finally {
      setBusy(null);
    }
  }

  const port = {
    departure: sh.legs[0]?.from.name ?? sh.origin?.name ?? s['track.alert.portFirst'],
    arrival: sh.legs.at(-1)?.to.name ?? sh.destination?.name ?? s['track.alert.portLast'],
    discharge: sh.destination?.name ?? s['track.alert.portLast'],
  };
  const label = (m: AlertMilestone) => (m === 'pickup' || m === 'eta' ? s[`track.alert.m.${m}`] : fill(s[`track.alert.m.${m}`], { port: port[m] }));
  const locked = step !== 'details';
  const eta = values.milestones.includes('eta');
  const spinner = <span className="spinner" aria-hidden="true" />;

  return (
    <form
      id={id}
      className="track-alert-form"
      hidden={!open}
      noValidate
      aria-labelledby={field('title')}
      aria-busy={busy !== null}
      onSubmit={(event) => {
        event.preventDefault();
        if (step === 'details') void send('code');
        else if (step === 'code') void send('create');
      }}
    >
      <h4 id={field('title')}>{fill(s['track.alert.title'], { reference })}</h4>
      {step === 'done' ? (
        <p className="form-outcome is-ok track-alert-done" role="status" tabIndex={-1} ref={done}>
          {note?.text}
        </p>
      ) : (
        <>
          <p className="form-hint track-alert-intro">{s['track.alert.intro']}</p>
          <Field id={field('email')} label={s['track.alert.email']} required requiredText={s['forms.required']} error={errors.email}>
            <input
              ref={ref('email')}
              id={field('email')}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              maxLength={254}
              required
              readOnly={locked}
              value={values.email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy(field('email'), false, Boolean(errors.email))}
              onChange={(e) => set('email', e.target.value)}
            />
          </Field>
          <fieldset className="form-field form-choice track-alert-milestones" aria-describedby={errors.milestones ? `${field('milestones')}-error` : undefined}>
            <legend>{s['track.alert.milestones']}</legend>
            {ALERT_MILESTONE_ORDER.map((m) => {
              const happened = reached.has(m);
              return (
                <label key={m} className={`choice${happened ? ' is-happened' : ''}`}>
                  <input
                    ref={m === ALERT_MILESTONE_ORDER.find((x) => !reached.has(x)) ? ref('milestones') : undefined}
                    type="checkbox"
                    name="milestones"
                    value={m}
                    checked={values.milestones.includes(m)}
                    disabled={happened}
                    onChange={(e) => toggle(m, e.target.checked)}
                  />
                  <span>{happened ? fill(s['track.alert.happened'], { label: label(m) }) : label(m)}</span>
                </label>
              );
            })}
            <div className={`form-field track-alert-hours${errors.etaHours ? ' has-error' : ''}`}>
              <label htmlFor={field('hours')}>{s['track.alert.hours']}</label>
              <input
                ref={ref('etaHours')}
                id={field('hours')}
                name="etaHours"
                type="number"
                inputMode="numeric"
                min={TRACKING_ALERT_HOURS.min}
                max={TRACKING_ALERT_HOURS.max}
                step={1}
                disabled={!eta}
                value={values.etaHours}
                aria-invalid={errors.etaHours ? true : undefined}
                aria-describedby={describedBy(field('hours'), true, Boolean(errors.etaHours))}
                onChange={(e) => set('etaHours', e.target.value)}
              />
              <p className="form-hint" id={`${field('hours')}-hint`}>
                {s['track.alert.hoursHint']}
              </p>
              <FieldError id={field('hours')} error={errors.etaHours} />
            </div>
            <FieldError id={field('milestones')} error={errors.milestones} />
          </fieldset>
          {locked && (
            <Field id={field('code')} label={s['track.alert.code']} required requiredText={s['forms.required']} hint={s['track.alert.codeHint']} error={errors.code}>
              <MailedCodeInput id={field('code')} inputRef={ref('code')} className="track-alert-code" value={values.code} error={errors.code} onChange={(code) => set('code', code)} />
            </Field>
          )}
        </>
      )}
      {/* busy, the buttons say so and ignore presses but stay enabled: a disabled button would lose the focus */}
      <div className="form-actions">
        {step === 'details' && (
          <button type="submit" className="button" aria-disabled={busy !== null || undefined}>
            {busy === 'code' && spinner}
            {busy === 'code' ? s['track.alert.sending'] : s['track.alert.sendCode']}
          </button>
        )}
        {step === 'code' && (
          <>
            <button type="submit" className="button" aria-disabled={busy !== null || undefined}>
              {busy === 'create' && spinner}
              {busy === 'create' ? s['track.alert.turningOn'] : s['track.alert.turnOn']}
            </button>
            <button type="button" className="button secondary" aria-disabled={busy !== null || undefined} onClick={() => void send('resend')}>
              {busy === 'resend' && spinner}
              {busy === 'resend' ? s['track.alert.sending'] : s['track.alert.resend']}
            </button>
            <button
              type="button"
              className="link-button"
              aria-disabled={busy !== null || undefined}
              onClick={() => {
                if (busy) return;
                setStep('details');
                setNote(null);
                setErrors({});
                setValues((v) => ({ ...v, code: '' }));
              }}
            >
              {s['track.alert.changeEmail']}
            </button>
          </>
        )}
        <button type="button" className="button secondary" onClick={onClose}>
          {s['track.alert.close']}
        </button>
        {/* always present, so that what appears in them is announced */}
        <p className="form-outcome is-ok" role="status">
          {step !== 'done' && note?.ok ? note.text : ''}
        </p>
        <p className="form-outcome is-error" role="alert">
          {note && !note.ok ? note.text : ''}
        </p>
      </div>
    </form>
  );
}
