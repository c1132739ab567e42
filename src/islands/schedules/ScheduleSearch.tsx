import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import type { PointToPointAnswer, SailingOptionWire } from '../../contract/schedules';
import { SCHEDULE_PATH, SCHEDULE_TONNES_MAX, SCHEDULE_WEEKS_MAX } from '../../contract/schedule-paths';
import { ApiError, apiFetch, apiUrl, defaultTarget } from '../../contract/fetch';
import { API_LANGUAGE, type Locale } from '../../i18n/locales';
import { formatLocalDateTime } from '../../schedules/local-time';
import { portLabel, portFromText, type PortOption } from '../../schedules/port-search';
import { SCHEDULE_SORTS, sortOptions, type ScheduleSort } from '../../schedules/sort';
import { fill } from '../shared/text';
import PortField from './PortField';
import type { ScheduleStrings } from './strings';
import '../shared/forms.css';
import './schedules.css';

/**
 * The sailing schedule search (/{lang}/home/Services/schedules): origin and destination from
 * the ports in the page, a departure window, direct only, dry or reefer and an optional cargo
 * weight; asks GET /schedule/pointToPoint and shows one card per option. The query lives in
 * the URL (shareable, reloads to the same results); results sort by departure, transit time
 * or CO2e in the browser; each option goes to a calendar (.ics, built here), the list to
 * .xlsx (written by the API from the same query).
 */

type Sort = ScheduleSort;
interface Form {
  fromText: string;
  from: PortOption | null;
  toText: string;
  to: PortOption | null;
  date: string;
  weeks: number;
  direct: boolean;
  nature: 'Dry' | 'Reefer';
  tonnes: string;
}
type Errors = Partial<Record<'from' | 'to' | 'date' | 'tonnes', string>>;
type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; answer: PointToPointAnswer } | { kind: 'failed'; message: string };

const SORTS: readonly Sort[] = SCHEDULE_SORTS;

export default function ScheduleSearch(props: { locale: Locale; strings: ScheduleStrings; ports: PortOption[]; today: string; horizon: { from: string; to: string } }) {
  const { locale, strings: s, ports, today, horizon } = props;
  const language = API_LANGUAGE[locale];
  const [form, setForm] = useState<Form>(() => ({ fromText: '', from: null, toText: '', to: null, date: today, weeks: 4, direct: false, nature: 'Dry', tonnes: '' }));
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [sort, setSort] = useState<Sort>('departure');
  const abort = useRef<AbortController | null>(null);
  const results = useRef<HTMLHeadingElement | null>(null);
  /** Set by a visitor's own search: once its results are on screen, focus moves to their heading. */
  const focusResults = useRef(false);

  // a query in the URL (a shared link, a reload) fills the form and searches
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island starts (ports and today are fixed for the page; search is not to run again on each render)
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    // no query: the form keeps what the visitor may have typed before the island hydrated (client:intent)
    if (!q.has('from') && !q.has('to')) return;
    const from = q.get('from') ? portFromText(ports, q.get('from')!) : undefined;
    const to = q.get('to') ? portFromText(ports, q.get('to')!) : undefined;
    const weeks = Number(q.get('weeks'));
    const next: Form = {
      fromText: from ? portLabel(from) : (q.get('from') ?? ''),
      from: from ?? null,
      toText: to ? portLabel(to) : (q.get('to') ?? ''),
      to: to ?? null,
      date: /^\d{4}-\d{2}-\d{2}$/.test(q.get('date') ?? '') ? q.get('date')! : today,
      weeks: Number.isInteger(weeks) && weeks >= 1 && weeks <= SCHEDULE_WEEKS_MAX ? weeks : 4,
      direct: q.get('direct') === '1',
      nature: q.get('nature') === 'Reefer' ? 'Reefer' : 'Dry',
      tonnes: q.get('tonnes') ?? '',
    };
    const sorted = q.get('sort') as Sort;
    // the request goes at once; the form's new values render in a transition, in slices that leave
    // the main thread free between them (the page is still loading: no long task for a search link)
    startTransition(() => {
      if (SORTS.includes(sorted)) setSort(sorted);
      setForm(next);
      if (from && to) search(next, sorted && SORTS.includes(sorted) ? sorted : 'departure', false);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function validate(f: Form): Errors {
    const e: Errors = {};
    if (!f.from) e.from = s['schedules.choosePort'];
    if (!f.to) e.to = s['schedules.choosePort'];
    else if (f.from && f.from.locode === f.to.locode) e.to = s['schedules.samePort'];
    if (!/^\d{4}-\d{2}-\d{2}$/.test(f.date) || f.date < horizon.from || f.date > horizon.to) e.date = fill(s['schedules.badDate'], { from: horizon.from, to: horizon.to });
    if (f.tonnes.trim() !== '') {
      const n = Number(f.tonnes);
      if (!Number.isFinite(n) || n <= 0 || n > SCHEDULE_TONNES_MAX) e.tonnes = s['schedules.badWeight'];
    }
    return e;
  }

  function queryOf(f: Form): Record<string, string> {
    const q: Record<string, string> = { from: f.from!.locode, to: f.to!.locode, date: f.date, weeks: String(f.weeks), direct: f.direct ? '1' : '0', nature: f.nature };
    if (f.tonnes.trim()) q.tonnes = String(Number(f.tonnes));
    return q;
  }

  function search(f: Form, order: Sort, push: boolean) {
    const e = validate(f);
    setErrors(e);
    if (Object.keys(e).length) return;
    const query = queryOf(f);
    const url = `${window.location.pathname}?${new URLSearchParams({ ...query, ...(order !== 'departure' ? { sort: order } : {}) })}`;
    if (push) window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'loading' });
    apiFetch<PointToPointAnswer>(SCHEDULE_PATH.pointToPoint, { query, language, signal: controller.signal })
      .then((answer) => {
        // a visitor's own search moves focus to the results; a link or reload leaves it at the top
        focusResults.current = push;
        // a transition: React renders the cards in slices that leave the main thread free between them
        startTransition(() => setState({ kind: 'done', answer }));
      })
      .catch((error: Error) => {
        if (error.name === 'AbortError') return;
        setState({ kind: 'failed', message: error instanceof ApiError ? error.message : error.message });
      });
  }

  useEffect(() => {
    if (state.kind !== 'done' || !focusResults.current) return;
    focusResults.current = false;
    results.current?.focus();
  }, [state]);

  const options = useMemo(() => {
    return state.kind === 'done' ? sortOptions(state.answer.options, sort) : [];
  }, [state, sort]);

  const update = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const onSort = (order: Sort) => {
    setSort(order);
    const q = new URLSearchParams(window.location.search);
    if (order === 'departure') q.delete('sort');
    else q.set('sort', order);
    window.history.replaceState(null, '', `${window.location.pathname}?${q}`);
  };
  const when = (value: string) => formatLocalDateTime(value, locale);
  const xlsxHref = state.kind === 'done' && form.from && form.to ? apiUrl(defaultTarget(), `${SCHEDULE_PATH.pointToPoint}.xlsx`, { ...queryOf(form), sort }, language) : '';

  return (
    <div className="sailing-search">
      {/* fields named as the query, so that a search sent before the island hydrates comes back as a search link */}
      <form
        className="sailing-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          search(form, sort, true);
        }}
      >
        <div className="schedule-ports">
          <PortField
            id="schedule-from"
            name="from"
            label={s['schedules.from']}
            ports={ports}
            text={form.fromText}
            error={errors.from ?? null}
            strings={s}
            onChange={(text, port) => update({ fromText: text, from: port })}
          />
          <button
            type="button"
            className="schedule-swap"
            aria-label={s['schedules.swap']}
            title={s['schedules.swap']}
            onClick={() => update({ fromText: form.toText, from: form.to, toText: form.fromText, to: form.from })}
          >
            ⇄
          </button>
          <PortField
            id="schedule-to"
            name="to"
            label={s['schedules.to']}
            ports={ports}
            text={form.toText}
            error={errors.to ?? null}
            strings={s}
            onChange={(text, port) => update({ toText: text, to: port })}
          />
        </div>
        <div className="schedule-options">
          <div className={`form-field${errors.date ? ' has-error' : ''}`}>
            <label htmlFor="schedule-date">{s['schedules.departFrom']}</label>
            <input
              id="schedule-date"
              name="date"
              type="date"
              min={horizon.from}
              max={horizon.to}
              value={form.date}
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={errors.date ? 'schedule-date-error' : undefined}
              onChange={(e) => update({ date: e.target.value })}
            />
            <p className="form-error" id="schedule-date-error" aria-live="polite" hidden={!errors.date}>
              {errors.date ?? ''}
            </p>
          </div>
          <div className="form-field">
            <label htmlFor="schedule-weeks">{s['schedules.weeks']}</label>
            <select id="schedule-weeks" name="weeks" value={form.weeks} onChange={(e) => update({ weeks: Number(e.target.value) })}>
              {Array.from({ length: SCHEDULE_WEEKS_MAX }, (_, i) => i + 1).map((w) => (
                <option key={w} value={w}>
                  {w === 1 ? s['schedules.weeksValue_one'] : fill(s['schedules.weeksValue'], { count: w })}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="form-field schedule-nature">
            <legend>{s['schedules.cargoNature']}</legend>
            {(['Dry', 'Reefer'] as const).map((n) => (
              <label key={n}>
                <input type="radio" name="nature" value={n} checked={form.nature === n} onChange={() => update({ nature: n })} /> {s[`schedules.nature.${n}`]}
              </label>
            ))}
          </fieldset>
          <div className={`form-field schedule-weight${errors.tonnes ? ' has-error' : ''}`}>
            <label htmlFor="schedule-tonnes">{s['schedules.cargoWeight']}</label>
            <input
              id="schedule-tonnes"
              name="tonnes"
              type="text"
              inputMode="decimal"
              value={form.tonnes}
              aria-invalid={errors.tonnes ? true : undefined}
              aria-describedby={errors.tonnes ? 'schedule-tonnes-error' : undefined}
              onChange={(e) => update({ tonnes: e.target.value })}
            />
            <p className="form-error" id="schedule-tonnes-error" aria-live="polite" hidden={!errors.tonnes}>
              {errors.tonnes ?? ''}
            </p>
          </div>
          <label className="schedule-direct">
            <input type="checkbox" name="direct" value="1" checked={form.direct} onChange={(e) => update({ direct: e.target.checked })} /> {s['schedules.directOnly']}
          </label>
          <button className="button" type="submit" disabled={state.kind === 'loading'}>
            {state.kind === 'loading' ? s['schedules.searching'] : s['schedules.search']}
          </button>
        </div>
      </form>

      <div className="schedule-results" aria-live="polite" aria-busy={state.kind === 'loading'}>
        {state.kind === 'loading' && <p className="schedule-status">{s['schedules.searching']}</p>}
        {state.kind === 'failed' && (
          <div className="schedule-status is-error" role="alert">
            <p>{fill(s['schedules.error'], { message: state.message })}</p>
            <button type="button" className="button secondary" onClick={() => search(form, sort, false)}>
              {s['schedules.retry']}
            </button>
          </div>
        )}
        {state.kind === 'done' && (
          <>
            <div className="schedule-results-head">
              <h2 ref={results} tabIndex={-1}>
                {options.length === 1 ? s['schedules.resultCount_one'] : fill(s['schedules.resultCount'], { count: options.length })}
              </h2>
              {options.length > 0 && (
                <div className="schedule-tools">
                  <label htmlFor="schedule-sort">{s['schedules.sortBy']}</label>
                  <select id="schedule-sort" value={sort} onChange={(e) => onSort(e.target.value as Sort)}>
                    {SORTS.map((o) => (
                      <option key={o} value={o}>
                        {s[`schedules.sort.${o}`]}
                      </option>
                    ))}
                  </select>
                  <a className="button secondary" href={xlsxHref} download>
                    {s['schedules.downloadXlsx']}
                  </a>
                </div>
              )}
            </div>
            {options.length === 0 ? (
              <p className="schedule-status">{s['schedules.empty']}</p>
            ) : (
              <ol className="schedule-cards">
                {options.map((o) => (
                  <SailingCard key={o.id} option={o} locale={locale} strings={s} when={when} />
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function SailingCard(props: { option: SailingOptionWire; locale: Locale; strings: ScheduleStrings; when: (v: string) => string }) {
  const { option: o, locale, strings: s, when } = props;
  const first = o.legs[0];
  const last = o.legs.at(-1)!;
  const num = (n: number) => n.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-GB', { maximumFractionDigits: 0 });
  const path = (p: string) => `/${locale}${p}`;
  return (
    <li className="schedule-card">
      <div className="schedule-card-head">
        <p className="schedule-when">
          <span>
            <strong>{first.from.name}</strong> <time dateTime={o.departure}>{when(o.departure)}</time>
          </span>
          <span aria-hidden="true"> → </span>
          <span>
            <strong>{last.to.name}</strong> <time dateTime={o.arrival}>{when(o.arrival)}</time>
          </span>
        </p>
        <p className="schedule-badges">
          <span className="badge">
            {s['schedules.transit']} {o.transitDays === 1 ? s['schedules.transitDays_one'] : fill(s['schedules.transitDays'], { count: o.transitDays })}
          </span>
          <span className={`badge${o.transhipments ? '' : ' is-direct'}`}>
            {o.transhipments === 0 ? s['schedules.direct'] : o.transhipments === 1 ? s['schedules.transhipments_one'] : fill(s['schedules.transhipments'], { count: o.transhipments })}
          </span>
          <span className="badge is-co2">{num(o.co2PerTeu.wtw)} kg CO2e/TEU</span>
        </p>
      </div>
      <ol className="schedule-legs" aria-label={s['schedules.legs']}>
        {o.legs.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option's legs are in sailing order and never reordered
          <li key={i}>
            <p>
              <strong>{l.vessel}</strong> {l.voyage} · <a href={path(l.servicePath)}>{l.service}</a> {l.serviceName}
            </p>
            <p>
              {l.from.name} ({l.from.terminal}) <time dateTime={l.departure}>{when(l.departure)}</time> → {l.to.name} ({l.to.terminal}) <time dateTime={l.arrival}>{when(l.arrival)}</time>
            </p>
            {o.connections[i] && <p className="schedule-connection">{fill(s['schedules.connection'], { port: o.connections[i].name, hours: o.connections[i].hours })}</p>}
          </li>
        ))}
      </ol>
      <p className="schedule-co2">
        {fill(s['schedules.co2PerTeu'], { ttw: num(o.co2PerTeu.ttw), wtw: num(o.co2PerTeu.wtw) })}
        {o.co2Cargo && <> · {fill(s['schedules.co2Cargo'], { tonnes: num(o.co2Cargo.tonnes), ttw: num(o.co2Cargo.ttw), wtw: num(o.co2Cargo.wtw) })}</>}
      </p>
      <details className="schedule-cutoffs">
        <summary>{s['schedules.cutOffs']}</summary>
        <dl>
          {o.cutOffs.map((c) => (
            <div key={c.kind}>
              <dt>{s[`schedules.cutOff.${c.kind}`]}</dt>
              <dd>
                <time dateTime={c.local}>{when(c.local)}</time>
              </dd>
            </div>
          ))}
        </dl>
      </details>
      <p>
        <button type="button" className="button secondary" onClick={() => void downloadIcs(o, locale, s)}>
          {s['schedules.addCalendar']}
        </button>
      </p>
    </li>
  );
}

async function downloadIcs(o: SailingOptionWire, locale: Locale, s: ScheduleStrings) {
  const { sailingCalendar } = await import('./ics');
  const text = sailingCalendar(o, locale, s);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `sailing-${o.legs[0].from.locode}-${o.legs.at(-1)!.to.locode}-${o.departure.slice(0, 10)}.ics`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
