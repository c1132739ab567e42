import type { ReactNode, Ref } from 'react';
import type { MilestoneTime, TrackAnswer, TrackLeg, TrackMilestone, TrackResult, TrackShipment } from '../../contract/tracking';
import { fill } from '../../i18n/fill';
import type { Locale } from '../../i18n/locales';
import { formatDateTime } from '../../shared/format-time';
import { MAX_REFERENCES } from '../../tracking/references';
import { fillNodes } from './nodes';
import type { TrackLinks, TrackStrings } from './strings';
import { doneText, milestoneLabel, nextText, sizeTypeName, vesselText, when, whenBeside } from './words';
import './tracking.css';

/**
 * The answer of a tracking call, one card per reference: the same component renders the results
 * on the server (/{lang}/home/Track/result, no JavaScript needed) and in the tracking island. Pure:
 * the answer, the language, the strings and the links in; HTML out.
 *
 * A card found holds where the cargo is now and what comes next, its containers, the voyage legs
 * (vessel, voyage, service, times with their state, distance, CO2e) with the route maps of their
 * services, and every milestone in order, each time told apart as actual, estimated or planned in
 * words and in its mark. A reference not found or not valid says so, and why. When the provider was
 * last heard is on the results' root (data-last-heard) and in a line above the cards.
 *
 * E-mail alerts are the island's (`alerts`: its button and form on each found card that is not
 * complete). Rendered on the server, such a card links to the tracking page, which tracks the number
 * and opens the form (?refs=…&alert=…), and says without JavaScript that alerts need it.
 */

const CARBON_CALCULATOR = '/home/About/socialResponsibility/carbonCalculator';
const VESSEL_SCHEDULE = '/home/Services/schedules/vessel/';
const TRACK_PAGE = '/home/Track';

export interface TrackResultsProps {
  answer: TrackAnswer;
  locale: Locale;
  strings: TrackStrings;
  links: TrackLinks;
  /** Prefix of the element ids, so that two renderings could share a page. */
  idPrefix?: string;
  /** The results' heading, for the island to move focus to. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The island's alerts of a found card (its button and form); without it, the server's link to them. */
  alerts?: (result: TrackResult & { shipment: TrackShipment }, id: string) => ReactNode;
}

export default function TrackResults({ answer, locale, strings: s, links, idPrefix = 'track', headingRef, alerts }: TrackResultsProps) {
  const count = answer.results.length;
  const heard = answer.feed.lastHeardAt;
  return (
    <section className="track-results" aria-labelledby={`${idPrefix}-results`} data-last-heard={heard ?? ''}>
      <h2 id={`${idPrefix}-results`} ref={headingRef} tabIndex={-1}>
        {count === 1 ? s['track.resultCount_one'] : fill(s['track.resultCount'], { count })}
      </h2>
      {answer.demo && (
        <p className="track-banner is-demo" role="note">
          {s['track.demo']}
        </p>
      )}
      {answer.feed.stale && (
        <p className="track-banner is-stale" role="note">
          {heard ? fillNodes(s['track.stale'], { time: <Instant value={heard} locale={locale} /> }) : s['track.staleNever']}
        </p>
      )}
      {heard && <p className="track-updated">{fillNodes(s['track.updated'], { time: <Instant value={heard} locale={locale} /> })}</p>}
      {answer.truncated && (
        <p className="track-banner" role="note">
          {fill(s['track.problem.tooMany'], { max: MAX_REFERENCES })}
        </p>
      )}
      <ol className="track-cards">
        {answer.results.map((r, i) => (
          <ResultCard key={r.reference} result={r} id={`${idPrefix}-${i}`} locale={locale} s={s} links={links} alerts={alerts} />
        ))}
      </ol>
    </section>
  );
}

function ResultCard({ result: r, id, locale, s, links, alerts }: { result: TrackResult; id: string; locale: Locale; s: TrackStrings; links: TrackLinks; alerts: TrackResultsProps['alerts'] }) {
  const typed = r.input.trim();
  const sh = r.shipment;
  // alerts on a shipment that still has something to come
  const alertsOf = sh && r.status === 'found' && !sh.completed ? alerts ? alerts({ ...r, shipment: sh }, id) : <AlertsLink reference={r.reference} locale={locale} s={s} /> : null;
  return (
    <li className={`track-card is-${r.status}`}>
      <article aria-labelledby={`${id}-ref`}>
        <header className="track-card-head">
          <h3 id={`${id}-ref`}>
            <span className="track-ref">{r.reference}</span>
            {r.kind ? <span className={`track-chip is-${r.kind}`}>{s[`track.kind.${r.kind}`]}</span> : <span className="track-chip is-problem">{s['track.kind.problem']}</span>}
          </h3>
          {typed && typed !== r.reference && <p className="track-typed">{fill(s['track.typed'], { input: typed })}</p>}
        </header>
        {r.status === 'invalid' && <p className="track-problem">{r.problem?.message}</p>}
        {r.status === 'not-found' && <p className="track-missing">{fill(s['track.notFound'], { reference: r.reference })}</p>}
        {r.status === 'found' && sh && <Shipment shipment={sh} id={id} locale={locale} s={s} links={links} alerts={alertsOf} />}
      </article>
    </li>
  );
}

/** The server's way to the alerts: the tracking page opens their form (JavaScript only); without JavaScript, a line saying so (tracking.css). */
function AlertsLink({ reference, locale, s }: { reference: string; locale: Locale; s: TrackStrings }) {
  return (
    <div className="track-alerts">
      <a className="button secondary track-alerts-link" href={`/${locale}${TRACK_PAGE}?${new URLSearchParams({ refs: reference, alert: reference })}`}>
        {s['track.alert.open']}
      </a>
      <p className="track-alerts-nojs">{s['track.alert.noscript']}</p>
    </div>
  );
}

function Shipment({ shipment: sh, id, locale, s, links, alerts }: { shipment: TrackShipment; id: string; locale: Locale; s: TrackStrings; links: TrackLinks; alerts: ReactNode }) {
  const several = sh.containers.length > 1;
  const services = [...new Map(sh.legs.filter((l) => l.service && links.routes[l.service]).map((l) => [l.service!, l.serviceName ?? l.service!])).entries()];
  return (
    <>
      {sh.origin && sh.destination && (
        <p className="track-route">
          <strong>{sh.origin.name}</strong>
          {' → '}
          <strong>{sh.destination.name}</strong>
          {sh.completed && <span className="track-chip is-done">{s['track.completed']}</span>}
        </p>
      )}
      <div className="track-status">
        <div className="track-now">
          <h4>{s['track.now']}</h4>
          <p>{sh.now ? fillNodes(s['track.nowLine'], { event: doneText(sh.now, s), vessel: vesselText(sh.now, s), time: <Time value={sh.now.time.at} locale={locale} /> }) : s['track.nothingYet']}</p>
        </div>
        <div className="track-next">
          <h4>{s['track.next']}</h4>
          <p>{sh.next ? <NextLine m={sh.next} locale={locale} s={s} /> : s['track.nothingNext']}</p>
        </div>
      </div>
      {alerts}

      {sh.containers.length > 0 && (
        <div className="track-block">
          <h4>{s['track.containers']}</h4>
          <ul className="track-containers">
            {sh.containers.map((c) => {
              const name = sizeTypeName(c.isoCode, s);
              return (
                <li key={c.number}>
                  <span className="track-ref">{c.number}</span> {name}
                  {c.isoCode && <span className="track-iso"> ({c.isoCode})</span>}
                </li>
              );
            })}
          </ul>
        </div>
      )}

      {sh.legs.length > 0 && (
        <div className="track-block">
          <h4>{s['track.legs']}</h4>
          <ol className="track-legs">
            {sh.legs.map((leg, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a shipment's legs are in sailing order and never reordered
              <Leg key={i} leg={leg} n={i + 1} count={sh.legs.length} locale={locale} s={s} links={links} />
            ))}
          </ol>
          {sh.co2e && (
            <p className="track-co2">
              {fill(s['track.co2Total'], { teu: sh.co2e.teu, wtw: number(sh.co2e.wtwKg, locale), ttw: number(sh.co2e.ttwKg, locale) })}{' '}
              <a href={`/${locale}${CARBON_CALCULATOR}`}>{s['track.co2Link']}</a>
            </p>
          )}
          {services.map(([code, name]) => (
            <details key={code} className="track-map">
              <summary>{fill(s['track.map'], { name: `${name} (${code})` })}</summary>
              <figure>
                <img src={`/maps/routes/${locale}/${code}.svg`} width={960} height={540} loading="lazy" decoding="async" alt={fill(s['track.mapAlt'], { name, code })} />
                <figcaption>
                  <a href={`/${locale}${links.routes[code]}`}>
                    {name} ({code})
                  </a>
                </figcaption>
              </figure>
            </details>
          ))}
        </div>
      )}

      {sh.milestones.length > 0 && (
        <div className="track-block">
          <h4 id={`${id}-milestones`}>{s['track.milestones']}</h4>
          <ol className="track-timeline" aria-labelledby={`${id}-milestones`}>
            {sh.milestones.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: milestones come in the order they happen and are never reordered
              <Step key={i} m={m} several={several} locale={locale} s={s} />
            ))}
          </ol>
          {sh.lastEventAt && <p className="track-last">{fillNodes(s['track.lastEvent'], { time: <Time value={sh.lastEventAt} locale={locale} /> })}</p>}
        </div>
      )}
    </>
  );
}

function Leg({ leg, n, count, locale, s, links }: { leg: TrackLeg; n: number; count: number; locale: Locale; s: TrackStrings; links: TrackLinks }) {
  const vessel = leg.vessel;
  return (
    <li className="track-leg">
      <p className="track-leg-head">
        <strong>{fill(s['track.leg'], { n })}</strong>
        {vessel && (
          <span>
            <span className="track-key">{s['track.vessel']}</span>{' '}
            {links.vessels.split(' ').includes(vessel.imo) ? <a href={`/${locale}${VESSEL_SCHEDULE}${vessel.imo}`}>{vessel.name}</a> : vessel.name}
          </span>
        )}
        {leg.voyage && (
          <span>
            <span className="track-key">{s['track.voyage']}</span> {leg.voyage}
          </span>
        )}
        {leg.service && (
          <span>
            <span className="track-key">{s['track.service']}</span> {links.routes[leg.service] ? <a href={`/${locale}${links.routes[leg.service]}`}>{leg.service}</a> : leg.service}
            {leg.serviceName && <> {leg.serviceName}</>}
          </span>
        )}
      </p>
      <dl className="track-leg-facts">
        <div>
          <dt>{s['track.departure']}</dt>
          <dd>
            <span className="track-port">{leg.from.name}</span>
            {n > 1 && <span className="track-chip is-tranship">{s['track.transhipment']}</span>}
            {leg.departure && <TimeState time={leg.departure} locale={locale} s={s} />}
          </dd>
        </div>
        <div>
          <dt>{s['track.arrival']}</dt>
          <dd>
            <span className="track-port">{leg.to.name}</span>
            {n < count && <span className="track-chip is-tranship">{s['track.transhipment']}</span>}
            {leg.arrival && <TimeState time={leg.arrival} locale={locale} s={s} />}
          </dd>
        </div>
        {leg.km !== null && (
          <div>
            <dt>{s['track.distance']}</dt>
            <dd>{fill(s['track.km'], { km: number(leg.km, locale) })}</dd>
          </div>
        )}
        {leg.co2e && (
          <div>
            <dt>{s['track.co2']}</dt>
            <dd>{fill(s['track.kg'], { kg: number(leg.co2e.wtwKg, locale) })}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

function Step({ m, several, locale, s }: { m: TrackMilestone; several: boolean; locale: Locale; s: TrackStrings }) {
  return (
    <li className={`track-step is-${m.time.state}`}>
      <p className="track-step-what">
        <strong>{milestoneLabel(m, s)}</strong>
        {m.place && <span> · {m.place.name}</span>}
        {m.vessel && m.eventType === 'TRANSPORT' && (
          <span>
            {' '}
            · {m.vessel.name} {m.voyage}
          </span>
        )}
        {several && m.container && (
          <span>
            {' '}
            · <span className="track-ref">{m.container}</span>
          </span>
        )}
      </p>
      <TimeState time={m.time} locale={locale} s={s} />
    </li>
  );
}

/** "Next": what comes, estimated or planned when, and from when its estimate moved. */
function NextLine({ m, locale, s }: { m: TrackMilestone; locale: Locale; s: TrackStrings }) {
  const { at, movedFrom } = m.time;
  return (
    <>
      {fillNodes(s['track.nextLine'], { event: nextText(m, s), state: s[`track.stateWord.${m.time.state}`], time: <Time value={at} locale={locale} /> })}
      {movedFrom && fillNodes(s['track.movedFromShort'], { from: <Time value={movedFrom} beside={at} locale={locale} /> })}
    </>
  );
}

/** A time with its state in words and in its mark, the plan it departs from, and the last move of its estimate. */
function TimeState({ time, locale, s }: { time: MilestoneTime; locale: Locale; s: TrackStrings }) {
  const planned = time.state !== 'planned' && time.planned && time.planned !== time.at ? time.planned : null;
  const moved = time.movedFrom && time.state === 'estimated' ? time.movedFrom : null;
  return (
    <span className="track-time">
      <span className={`track-state is-${time.state}`}>{s[`track.state.${time.state}`]}</span> <Time value={time.at} locale={locale} />
      {moved && (
        <span className="track-moved">
          {fillNodes(s['track.moved'], { from: <Time value={moved} beside={time.at} locale={locale} />, to: <Time value={time.at} beside={moved} locale={locale} /> })}
        </span>
      )}
      {planned && !moved && <span className="track-planned">{fillNodes(s['track.plannedWas'], { time: <Time value={planned} beside={time.at} locale={locale} /> })}</span>}
    </span>
  );
}

/** A moment without a place (when the provider was last heard): China time with its offset, as the site tells such moments (src/shared/format.ts). */
function Instant({ value, locale }: { value: string; locale: Locale }): ReactNode {
  return <time dateTime={value}>{formatDateTime(value, locale)}</time>;
}

/** A port-local time as written (its offset left out when `beside` has the same), kept on one line. */
function Time({ value, beside, locale }: { value: string; beside?: string; locale: Locale }): ReactNode {
  return <time dateTime={value}>{beside ? whenBeside(value, beside, locale) : when(value, locale)}</time>;
}

const number = (n: number, locale: Locale) => n.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-GB', { maximumFractionDigits: 0 });
