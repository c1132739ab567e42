import { useEffect, useRef, useState } from 'react';
import type { CarbonResult } from '../../contract/carbon';
import { ApiError, apiFetch } from '../../contract/fetch';
import { PATH } from '../../contract/wire';
import { API_LANGUAGE, type Locale } from '../../i18n/locales';
import {
  CARGO_NATURES,
  CARGO_UNITS,
  FACTOR_TYPES,
  MAX_SHIPMENTS,
  checkAmount,
  checkCity,
  validateShipment,
  type CarbonError,
  type CargoNature,
  type CargoUnit,
  type FactorTypeValue,
  type ShipmentField,
} from '../../forms/validation/carbon';
import { fill } from '../shared/text';
import CityField, { type CityValue } from './CityField';
import { resultsCsv } from './csv';
import ResultCard from './ResultCard';
import type { CarbonStrings } from './strings';
import { carbonTokens } from './token';
import '../shared/forms.css';
import './carbon.css';

/**
 * The carbon calculator (spec 001 "Carbon calculator", states 1 to 7): one to four
 * shipment forms, each validated on its own (its own cities and amount; the old
 * site's shared city flag and renamed fourth token are not copied); Calculate checks
 * every visible form, shows the loading state, fetches a token and sends the
 * shipments; result cards with a details toggle, a map per route, TTW and WTW side by
 * side, and a CSV download. Strings come as props (no i18n runtime in the browser).
 */
export interface CarbonCalculatorProps {
  locale: Locale;
  strings: CarbonStrings;
  /** URL of the land drawn under the route maps (/maps/carbon/land.svg). */
  landUrl: string;
}

interface ShipmentForm {
  key: number;
  origin: CityValue;
  destination: CityValue;
  amount: string;
  unit: CargoUnit;
  nature: CargoNature;
  factorType: FactorTypeValue;
  errors: Partial<Record<ShipmentField, CarbonError | string>>;
}

/** A form with the defaults (TEU, Dry, TTW); keys count from 0 in each calculator, the same on the server and in the browser (element ids derive from them). */
const fresh = (key: number): ShipmentForm => ({
  key,
  origin: { text: '', id: null },
  destination: { text: '', id: null },
  amount: '',
  unit: 'TEU',
  nature: 'Dry',
  factorType: 'TTW',
  errors: {},
});

const values = (f: ShipmentForm) => ({
  originLocationId: f.origin.id,
  destinationLocationId: f.destination.id,
  cargoWeightValue: f.amount,
  cargoWeightUnit: f.unit,
  cargoNature: f.nature,
  factorType: f.factorType,
});

/** Order of the fields in a form, for focusing the first invalid one. */
const FIELD_ORDER: ShipmentField[] = ['originLocationId', 'destinationLocationId', 'cargoWeightValue', 'cargoWeightUnit', 'cargoNature', 'factorType'];
const fieldId = (key: number, field: ShipmentField) =>
  `carbon-${key}-${{ originLocationId: 'origin', destinationLocationId: 'destination', cargoWeightValue: 'amount', cargoWeightUnit: 'unit', cargoNature: 'nature', factorType: 'type', token: 'amount' }[field]}`;

export default function CarbonCalculator({ locale, strings: s, landUrl }: CarbonCalculatorProps) {
  const language = API_LANGUAGE[locale];
  const [forms, setForms] = useState<ShipmentForm[]>(() => [fresh(0)]);
  const nextKey = useRef(1);
  const [results, setResults] = useState<CarbonResult[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [summary, setSummary] = useState(false);
  const focusNext = useRef<string | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (focusNext.current) {
      document.getElementById(focusNext.current)?.focus();
      focusNext.current = null;
    }
  });
  useEffect(() => () => abort.current?.abort(), []);

  const say = (e: CarbonError | string | undefined) => (e ? ((s as Record<string, string>)[e] ?? e) : null);
  const update = (key: number, change: (f: ShipmentForm) => Partial<ShipmentForm>) => setForms((list) => list.map((f) => (f.key === key ? { ...f, ...change(f) } : f)));
  const setError = (key: number, field: ShipmentField, error: CarbonError | string | null) =>
    update(key, (f) => {
      const errors = { ...f.errors };
      if (error) errors[field] = error;
      else delete errors[field];
      return { errors };
    });

  function add() {
    if (forms.length >= MAX_SHIPMENTS) return;
    const form = fresh(nextKey.current++);
    setForms((list) => [...list, form]);
    focusNext.current = fieldId(form.key, 'originLocationId');
  }

  function remove(key: number) {
    const index = forms.findIndex((f) => f.key === key);
    const rest = forms.filter((f) => f.key !== key);
    setForms(rest);
    focusNext.current = fieldId(rest[Math.max(0, index - 1)].key, 'originLocationId');
  }

  function reset() {
    abort.current?.abort();
    setForms([fresh(nextKey.current++)]);
    setResults(null);
    setExpanded(new Set());
    setFailure(null);
    setSummary(false);
    setLoading(false);
  }

  async function calculate() {
    const checked = forms.map((f) => ({ ...f, errors: validateShipment(values(f)) }));
    setForms(checked);
    const firstBad = checked.find((f) => Object.keys(f.errors).length);
    setFailure(null);
    if (firstBad) {
      setSummary(true);
      focusNext.current = fieldId(firstBad.key, FIELD_ORDER.find((field) => firstBad.errors[field])!);
      return;
    }
    setSummary(false);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setLoading(true);
    try {
      const answer = await carbonTokens.with(language, (token) =>
        apiFetch<CarbonResult[]>(PATH.carbonDigital, { method: 'POST', body: { json: checked.map((f) => ({ ...values(f), token })) }, language, signal: controller.signal }),
      );
      setResults(answer);
      setExpanded(new Set());
      requestAnimationFrame(() => resultsHeading.current?.focus());
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      const message = error instanceof ApiError ? error.message : String((error as Error).message ?? error);
      // "shipment 3.cargoWeightValue: …" goes next to that field as well
      const match = /^shipment (\d)\.(\w+): ([^;]*)$/.exec(message);
      const target = match ? checked[Number(match[1]) - 1] : undefined;
      if (match && target && FIELD_ORDER.includes(match[2] as ShipmentField)) {
        setError(target.key, match[2] as ShipmentField, match[3]);
        focusNext.current = fieldId(target.key, match[2] as ShipmentField);
      }
      setFailure(fill(s['carbon.failed'], { message }));
    } finally {
      if (abort.current === controller) setLoading(false);
    }
  }

  function download() {
    if (!results) return;
    const url = URL.createObjectURL(new Blob([resultsCsv(results)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${s['carbon.csvFile']}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  const option = (key: string) => (s as Record<string, string>)[key];
  return (
    <div className="carbon-calculator" data-ready={ready ? '' : undefined}>
      <form
        className="carbon-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void calculate();
        }}
      >
        {summary ? (
          <p className="form-outcome is-error" role="alert">
            {s['forms.summary']}
          </p>
        ) : null}
        {forms.map((f, i) => {
          const id = (field: ShipmentField) => fieldId(f.key, field);
          return (
            <fieldset key={f.key} className="carbon-shipment" data-shipment={i + 1}>
              <legend>{fill(s['carbon.shipment'], { n: i + 1 })}</legend>
              {forms.length > 1 ? (
                <button type="button" className="carbon-delete" onClick={() => remove(f.key)} aria-label={fill(s['carbon.delete'], { n: i + 1 })} title={fill(s['carbon.delete'], { n: i + 1 })}>
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
                  </svg>
                </button>
              ) : null}
              <div className="carbon-row">
                <CityField
                  id={id('originLocationId')}
                  label={s['carbon.origin']}
                  value={f.origin}
                  error={say(f.errors.originLocationId)}
                  language={language}
                  strings={s}
                  onChange={(origin) => update(f.key, (x) => ({ origin, errors: cityErrors(x.errors, 'originLocationId', x.origin, origin, 'carbon.err.origin') }))}
                  onBlur={() => f.origin.text.trim() && setError(f.key, 'originLocationId', checkCity(f.origin.id, 'origin'))}
                />
                <CityField
                  id={id('destinationLocationId')}
                  label={s['carbon.destination']}
                  value={f.destination}
                  error={say(f.errors.destinationLocationId)}
                  language={language}
                  strings={s}
                  onChange={(destination) => update(f.key, (x) => ({ destination, errors: cityErrors(x.errors, 'destinationLocationId', x.destination, destination, 'carbon.err.destination') }))}
                  onBlur={() =>
                    f.destination.text.trim() &&
                    setError(f.key, 'destinationLocationId', checkCity(f.destination.id, 'destination') ?? (f.destination.id && f.destination.id === f.origin.id ? 'carbon.err.sameCity' : null))
                  }
                />
              </div>
              <div className="carbon-row carbon-row-4">
                <div className={`form-field${f.errors.cargoWeightValue ? ' has-error' : ''}`}>
                  <label htmlFor={id('cargoWeightValue')}>{s['carbon.cargoVolume']}</label>
                  <input
                    id={id('cargoWeightValue')}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    value={f.amount}
                    aria-invalid={f.errors.cargoWeightValue ? true : undefined}
                    aria-describedby={f.errors.cargoWeightValue ? `${id('cargoWeightValue')}-error` : undefined}
                    onChange={(event) => update(f.key, () => ({ amount: event.target.value }))}
                    onBlur={() => setError(f.key, 'cargoWeightValue', checkAmount(f.amount))}
                  />
                  <p className="form-error" id={`${id('cargoWeightValue')}-error`} aria-live="polite" hidden={!f.errors.cargoWeightValue}>
                    {say(f.errors.cargoWeightValue) ?? ''}
                  </p>
                </div>
                <Select
                  id={id('cargoWeightUnit')}
                  label={s['carbon.unit']}
                  value={f.unit}
                  options={CARGO_UNITS.map((u) => [u, option(`carbon.unit.${u}`)])}
                  error={say(f.errors.cargoWeightUnit)}
                  onChange={(unit) => update(f.key, () => ({ unit: unit as CargoUnit }))}
                />
                <Select
                  id={id('cargoNature')}
                  label={s['carbon.cargoNature']}
                  value={f.nature}
                  options={CARGO_NATURES.map((n) => [n, option(`carbon.nature.${n}`)])}
                  error={say(f.errors.cargoNature)}
                  onChange={(nature) => update(f.key, () => ({ nature: nature as CargoNature }))}
                />
                <Select
                  id={id('factorType')}
                  label={s['carbon.emissionType']}
                  value={f.factorType}
                  options={FACTOR_TYPES.map((t) => [t, option(`carbon.type.${t}`)])}
                  error={say(f.errors.factorType)}
                  onChange={(factorType) => update(f.key, () => ({ factorType: factorType as FactorTypeValue }))}
                />
              </div>
            </fieldset>
          );
        })}
        <div className="form-actions carbon-actions">
          <button type="button" className="button secondary" onClick={add} disabled={forms.length >= MAX_SHIPMENTS}>
            {s['carbon.add']}
          </button>
          <button type="button" className="button secondary" onClick={reset}>
            {s['carbon.reset']}
          </button>
          <button type="submit" className="button" disabled={loading} aria-describedby={loading ? 'carbon-busy' : undefined}>
            {loading ? <span className="carbon-spinner" aria-hidden="true" /> : null}
            {loading ? s['carbon.calculating'] : s['carbon.calculate']}
          </button>
          <span id="carbon-busy" className="sr-only" aria-live="polite">
            {loading ? s['carbon.calculating'] : ''}
          </span>
        </div>
        {failure ? (
          <div className="form-outcome is-error carbon-failure" role="alert">
            <span>{failure}</span>
            <button type="button" className="carbon-dismiss" onClick={() => setFailure(null)}>
              {s['carbon.dismiss']}
            </button>
          </div>
        ) : null}
      </form>

      {results ? (
        <section className="carbon-results" aria-labelledby="carbon-results-title" aria-busy={loading}>
          <div className="carbon-results-head">
            <h2 id="carbon-results-title" tabIndex={-1} ref={resultsHeading}>
              {s['carbon.results']}
            </h2>
            <button type="button" className="button secondary" onClick={download}>
              {s['carbon.csv']}
            </button>
          </div>
          <ol className="carbon-cards">
            {results.map((r) => (
              <ResultCard
                key={r.index}
                result={r}
                locale={locale}
                strings={s}
                landUrl={landUrl}
                expanded={expanded.has(r.index)}
                onToggle={() =>
                  setExpanded((set) => {
                    const next = new Set(set);
                    if (next.has(r.index)) next.delete(r.index);
                    else next.add(r.index);
                    return next;
                  })
                }
              />
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}

/**
 * The city-missing flag (spec state 7) of one field of one shipment: set when the
 * field loses the city it had, cleared when a city is picked. A box never filled is
 * flagged only by Calculate, or on leaving it with text that is not a picked city.
 */
function cityErrors(errors: ShipmentForm['errors'], field: 'originLocationId' | 'destinationLocationId', before: CityValue, after: CityValue, missing: CarbonError): ShipmentForm['errors'] {
  const copy = { ...errors };
  if (after.id) delete copy[field];
  else if (before.id) copy[field] = missing;
  return copy;
}

function Select(props: { id: string; label: string; value: string; options: [string, string][]; error: string | null; onChange(value: string): void }) {
  const { id, label, value, options, error, onChange } = props;
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <p className="form-error" id={`${id}-error`} aria-live="polite" hidden={!error}>
        {error ?? ''}
      </p>
    </div>
  );
}
