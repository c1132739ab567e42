import { lazy, startTransition, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { TrackAnswer, TrackSamples } from '../../contract/tracking';
import { TRACKING_PATH, TRACKING_TEXT_MAX } from '../../contract/tracking-paths';
import { ApiError, apiFetch } from '../../contract/fetch';
import { fill } from '../../i18n/fill';
import { API_LANGUAGE, type Locale } from '../../i18n/locales';
import { MAX_REFERENCES, normaliseReference, parseReferences, splitReferences, type ParsedReference } from '../../tracking/references';
import { useHydrated } from '../shared/hydrated';
import { alertsLanding } from './landing';
import { trackFailure, trackQuery, type TrackFailure } from './failure';
import { fillNodes } from './nodes';
import type { TrackLinks, TrackStrings } from './strings';
import '../shared/forms.css';
import './tracking.css';

/**
 * The tracking form (/{lang}/home/Track and its results page). Without JavaScript it is a plain
 * form: GET to the results page, which asks the API on the server. Hydrated, it checks each
 * reference as it is typed with the module the server checks with (src/tracking/references.ts: the
 * kind recognised, a container's check digit), asks GET /tracking/track itself, shows the loading,
 * refused and failed states and the results (./TrackResults.tsx, the component the server renders
 * too, with the e-mail alerts of each found card: ./LiveResults.tsx), and keeps the query in the URL
 * (?refs=…) so that the address can be shared. Over the API's rate limit it shows the captcha the
 * API asks for (./TrackCaptcha.tsx) and tracks again with it. On the static page a ?refs= in the URL
 * is tracked at once (?alert= then opens that reference's alert form), and ?alerts= (where the alert
 * mails' unsubscribe link lands) is told at the top of the page: client:intent="refs alerts"
 * hydrates the island at once for either.
 */

type Results = typeof import('./LiveResults').default;
type Captcha = { code: string; sign: string };
type State = { kind: 'idle' } | { kind: 'loading'; captcha: boolean } | { kind: 'done'; answer: TrackAnswer; Results: Results } | { kind: 'failed'; failure: TrackFailure; text: string; own: boolean };

/**
 * The results component, loaded with the first answer (fetched beside it): the page's first load
 * carries only the form and its checks. The captcha, too, is loaded when the API asks for one.
 */
const TrackCaptcha = lazy(() => import('./TrackCaptcha'));
let resultsModule: Promise<Results> | undefined;
function loadResults(): Promise<Results> {
  resultsModule ??= import('./LiveResults').then(
    (m) => m.default,
    (error: unknown) => {
      resultsModule = undefined; // a failed load is tried again with the next search
      throw error;
    },
  );
  return resultsModule;
}

interface Props {
  locale: Locale;
  strings: TrackStrings;
  links: TrackLinks;
  /** The results page rendered on the server: where the form goes without JavaScript. */
  action: string;
  /** The references the form holds as rendered (the results page: those asked). */
  initialRefs?: string;
  /** The static page: a ?refs= in the URL is tracked at once. The results page keeps its own answer until the visitor tracks again. */
  trackFromUrl: boolean;
  /** id of the results rendered on the server, which the island's own results replace. */
  serverResults?: string;
  /** id of the element at the top of the page where the island tells what ?alerts= says (the static page). */
  notice?: string;
}

/** How long typing pauses before the references are checked (half-typed numbers are not flagged). */
const CHECK_PAUSE_MS = 600;

/**
 * The box's text as the visitor last typed it while the island hydrated (between its first render,
 * which reads the box, and its first effect), which React's event handlers do not see yet. The box
 * is listened to from the moment this module runs, before hydration starts.
 */
let typedWhileHydrating: string | null = null;
function recordTyping(event: Event) {
  if (event.target instanceof HTMLTextAreaElement && event.target.id === 'track-refs') typedWhileHydrating = event.target.value;
}
if (typeof document !== 'undefined') {
  document.addEventListener('input', recordTyping, true);
  // Hydrating a <textarea> also sets its default text (React's initTextarea), and a box the visitor
  // has not typed in yet follows its default text: Chromium then collapses the selection to the
  // start, so that a visitor who selected the rendered numbers to replace them (or a test's fill)
  // types in front of them instead. Setting the box's value to itself marks it as edited, which
  // leaves its text and selection alone when its default text is set, and changes nothing else.
  const rendered = document.getElementById('track-refs');
  if (rendered instanceof HTMLTextAreaElement) {
    const value = rendered.value;
    rendered.value = value;
  }
}

export default function TrackSearch({ locale, strings: s, links, action, initialRefs = '', trackFromUrl, serverResults, notice }: Props) {
  const language = API_LANGUAGE[locale];
  const hydrated = useHydrated();
  // Hydrating a <textarea> sets its value to the one rendered (React's initTextarea), over whatever
  // the box holds: the text the visitor typed before the island hydrated (client:intent), and the
  // selection a keystroke was about to replace. The island's first render therefore takes the text
  // the box holds at that moment, so that React puts back the same text and the box is left as it
  // was; on the server, and in the box's checks until the first effect, it is the rendered text.
  const [text, setText] = useState(() => (typeof document === 'undefined' ? null : (document.getElementById('track-refs') as HTMLTextAreaElement | null)?.value) ?? initialRefs);
  /** The text the checks below the box are of: what was typed, once typing pauses. */
  const [checkedText, setCheckedText] = useState(initialRefs);
  const [empty, setEmpty] = useState(false);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [samples, setSamples] = useState<TrackSamples['samples']>([]);
  /** What the alert mails' unsubscribe link came back with (?alerts=), and where the page shows it. */
  const [landing, setLanding] = useState<{ status: 'unsubscribed' | 'invalid'; slot: HTMLElement | null } | null>(null);
  /** The reference whose alert form opens with the results (?alert=, the results page's link). */
  const [autoOpen, setAutoOpen] = useState<string | null>(null);
  /** Captchas shown: each refusal mounts a fresh one (a new picture, an empty box). */
  const [captchaRound, setCaptchaRound] = useState(0);
  const box = useRef<HTMLTextAreaElement | null>(null);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const abort = useRef<AbortController | null>(null);
  /** Set by the visitor's own search: once its results are on screen, focus moves to their heading. */
  const focusResults = useRef(false);
  // once, on hydration: a ?refs= on the static page is tracked; else what was typed before the island hydrated is kept
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island starts
  useEffect(() => {
    document.removeEventListener('input', recordTyping, true);
    const typed = typedWhileHydrating ?? text;
    const params = new URLSearchParams(window.location.search);
    const status = trackFromUrl ? alertsLanding(window.location.search) : null;
    if (status) setLanding({ status, slot: notice ? document.getElementById(notice) : null });
    const asked = trackFromUrl ? params.get('refs') : null;
    if (asked?.trim()) {
      setAutoOpen(params.get('alert'));
      const lines = splitReferences(asked).join('\n');
      setText(lines);
      track(lines, false);
    } else {
      if (typed !== text) setText(typed);
      if (typed !== checkedText) setCheckedText(typed);
    }
    // references to try, when the shipments are demonstration data
    const controller = new AbortController();
    apiFetch<TrackSamples>(TRACKING_PATH.samples, { language, signal: controller.signal })
      .then((answer) => setSamples(answer.demo ? answer.samples : []))
      .catch(() => {});
    return () => {
      controller.abort();
      abort.current?.abort();
    };
  }, []);

  useEffect(() => {
    if (text === checkedText) return;
    const timer = setTimeout(() => setCheckedText(text), CHECK_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, checkedText]);

  useEffect(() => {
    if (state.kind !== 'done' || !focusResults.current) return;
    focusResults.current = false;
    heading.current?.focus();
  }, [state]);

  const checked = useMemo(() => parseReferences(checkedText), [checkedText]);
  const problems = checked.references.map((r) => problemText(r, s)).filter((p): p is string => p !== null);
  if (checked.truncated) problems.push(fill(s['track.problem.tooMany'], { max: MAX_REFERENCES }));
  const invalid = empty || problems.length > 0;

  function track(value: string, own: boolean, captcha?: Captcha) {
    setCheckedText(value);
    if (own) setAutoOpen(null);
    const references = splitReferences(value).map(normaliseReference);
    if (references.length === 0) {
      setEmpty(true);
      box.current?.focus();
      return;
    }
    setEmpty(false);
    // the query in the address, shareable: commas between the numbers as the box would read them
    const refs = references.join(',');
    window.history.replaceState(null, '', `${window.location.pathname}?refs=${references.map(encodeURIComponent).join(',')}`);
    if (serverResults) document.getElementById(serverResults)?.remove();
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'loading', captcha: Boolean(captcha) });
    Promise.all([apiFetch<TrackAnswer>(TRACKING_PATH.track, { query: trackQuery(refs, captcha), language, signal: controller.signal }), loadResults()])
      .then(([answer, Results]) => {
        if (controller.signal.aborted) return;
        focusResults.current = own;
        // a transition: ten cards render in slices that leave the main thread free between them
        startTransition(() => setState({ kind: 'done', answer, Results }));
      })
      .catch((error: Error) => {
        if (error.name === 'AbortError') return;
        const failure = error instanceof ApiError ? trackFailure(error.code, error.message, s, Boolean(captcha)) : trackFailure('', error.message, s);
        if (failure.captcha) setCaptchaRound((n) => n + 1);
        setState({ kind: 'failed', failure, text: value, own });
      });
  }

  const loading = state.kind === 'loading';
  // the captcha stays while its answer is sent, and is replaced by a fresh one if it is refused
  const captchaShown = (state.kind === 'failed' && state.failure.captcha) || (state.kind === 'loading' && state.captcha);
  const landingText = landing && (
    <p className={`track-landing is-${landing.status}`} role={landing.slot ? undefined : 'status'}>
      {s[landing.status === 'unsubscribed' ? 'track.alert.unsubscribed' : 'track.alert.invalidLink']}
    </p>
  );
  const describedBy = ['track-refs-hint', invalid ? 'track-refs-error' : ''].filter(Boolean).join(' ');
  return (
    <div className="track-search">
      {landing && (landing.slot ? createPortal(landingText, landing.slot) : landingText)}
      <form
        className="track-form"
        method="get"
        action={action}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          track(text, true);
        }}
      >
        <div className={`form-field${invalid ? ' has-error' : ''}`}>
          <label htmlFor="track-refs">{s['track.refsLabel']}</label>
          <p className="form-hint" id="track-refs-hint">
            {s['track.refsHint']}
            {locale === 'zh' ? '' : ' '}
            {s['track.refsExample']}
          </p>
          <textarea
            ref={box}
            id="track-refs"
            name="refs"
            rows={4}
            maxLength={TRACKING_TEXT_MAX}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={text}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => {
              setText(e.target.value);
              if (empty && e.target.value.trim()) setEmpty(false);
            }}
            onBlur={() => setCheckedText(text)}
          />
          {checked.references.length > 0 && (
            <ul className="track-checks" aria-label={s['track.recognised']}>
              {checked.references.map((r) => (
                <li key={r.value} className={'kind' in r ? undefined : 'is-problem'}>
                  <span className="track-ref">{r.value}</span>
                  <span className={`track-chip is-${'kind' in r ? r.kind : 'problem'}`}>{'kind' in r ? s[`track.kind.${r.kind}`] : s['track.kind.problem']}</span>
                </li>
              ))}
            </ul>
          )}
          {/* always present, so that a message appearing in it is announced */}
          <div className="form-error track-errors" id="track-refs-error" aria-live="polite">
            {empty && <p>{s['track.err.empty']}</p>}
            {problems.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </div>
        <div className="form-actions">
          {/* disabled until the island has hydrated (../shared/hydrated.ts); without JavaScript the one in <noscript> sends the form to the results page (tracking.css hides this one then) */}
          {/* pressed, it leaves the focus in the box: leaving the box would show the recognised numbers above
              the button at once and move it from under the pointer before the press ends (the click lost) */}
          <button type="submit" className="button track-submit" disabled={!hydrated || loading} onMouseDown={(e) => e.preventDefault()}>
            {loading && <span className="spinner" aria-hidden="true" />}
            {loading ? s['track.tracking'] : s['track.submit']}
          </button>
          <noscript>
            <button type="submit" className="button">
              {s['track.submit']}
            </button>
          </noscript>
        </div>
        {samples.length > 0 && (
          <p className="track-samples">
            {s['track.samples']}{' '}
            {samples.map((x, i) => (
              <span key={x.reference}>
                {i > 0 && s['track.listSeparator']}
                {fillNodes(s['track.sample'], {
                  reference: (
                    <a
                      href={`${action}?refs=${encodeURIComponent(x.reference)}`}
                      onClick={(event) => {
                        event.preventDefault();
                        setText(x.reference);
                        track(x.reference, true);
                      }}
                    >
                      {x.reference}
                    </a>
                  ),
                  stage: s[`track.stage.${x.stage}`],
                })}
              </span>
            ))}
          </p>
        )}
      </form>

      <div className="track-live" aria-busy={loading}>
        {loading && !captchaShown && (
          <p className="track-loading" role="status">
            {s['track.tracking']}
          </p>
        )}
        {state.kind === 'failed' && (
          <div className="track-error" role="alert">
            <p>
              {state.failure.title && <strong>{`${state.failure.title}${s['track.titleSeparator']}`}</strong>}
              {state.failure.message}
            </p>
            {!state.failure.captcha && (
              <button type="button" className="button secondary" onClick={() => track(state.text, true)}>
                {s['track.retry']}
              </button>
            )}
          </div>
        )}
        {captchaShown && (
          <Suspense fallback={null}>
            <TrackCaptcha
              key={captchaRound}
              language={language}
              s={s}
              busy={loading}
              focus={state.kind === 'failed' && state.own}
              onSolved={(captcha) => track(state.kind === 'failed' ? state.text : text, true, captcha)}
            />
          </Suspense>
        )}
        {state.kind === 'done' && <state.Results answer={state.answer} locale={locale} strings={s} links={links} idPrefix="track-live" headingRef={heading} language={language} autoOpen={autoOpen} />}
      </div>
    </div>
  );
}

/** The message of a reference that is not one, as the server would give it (its dictionary strings). */
function problemText(r: ParsedReference, s: TrackStrings): string | null {
  if ('kind' in r) return null;
  if (r.problem === 'check-digit') return fill(s['track.problem.checkDigit'], { reference: r.value, expected: r.expected, given: r.given });
  if (r.problem === 'container-format') return fill(s['track.problem.containerFormat'], { reference: r.value });
  return fill(s['track.problem.unknownFormat'], { reference: r.value });
}
