import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { z } from 'zod';
import { apiUrl, defaultTarget } from '../../contract/fetch';
import type { ApplicationSummary, MessageSummary } from '../../inbox/contract';
import { INBOX_KINDS, INBOX_STATUSES, type InboxBox } from '../../inbox/item';
import { sayError, staffCall, useHydrated } from './api';
import Pager from './Pager';
import { formatStaffTime } from './time';

type Option = { id: string; name: string };
interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
  /** The boxes the signed-in member may open (messages: service, applications: HR, both: admin). */
  boxes: InboxBox[];
  regions: Option[];
  positions: Option[];
}

type Filters = { status: string; kind: string; region: string; position: string; from: string; to: string; text: string };
type Row = z.infer<typeof MessageSummary> | z.infer<typeof ApplicationSummary>;
type Answer = { rows: Row[]; total: number };
const SIZE = 20;
const NONE: Filters = { status: '', kind: '', region: '', position: '', from: '', to: '', text: '' };

/**
 * The inbox: messages (service) or applications (HR), newest first, filtered by status, kind, region
 * or position, date and text; paged; the filtered list exported as CSV. What visitors typed is shown
 * as text (React escapes it), never as markup.
 */
export default function Inbox({ lang, s, boxes, regions, positions }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const [box, setBox] = useState<InboxBox>(boxes[0]);
  /** The filters applied, and those being typed into the form (applied on Filter). */
  const [filters, setFilters] = useState<Filters>(NONE);
  const [draft, setDraft] = useState<Filters>(NONE);
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const set = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));

  // the box and the filters are kept in the address, so a reload or a link shows the same list
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const wanted = q.get('box');
    if (wanted && (boxes as string[]).includes(wanted)) setBox(wanted as InboxBox);
    const fromUrl = Object.fromEntries(Object.keys(NONE).map((k) => [k, q.get(k) ?? ''])) as Filters;
    setFilters(fromUrl);
    setDraft(fromUrl);
  }, [boxes]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `set` is made from filters, which is a dependency
  useEffect(() => {
    setAnswer(null);
    setError(null);
    history.replaceState(null, '', `?${new URLSearchParams({ box, ...set })}`);
    staffCall<Answer>(`/inbox/${box}`, { query: { ...set, page, size: SIZE } })
      .then(setAnswer)
      .catch((e) => setError(sayError(e, s)));
  }, [box, filters, page, s]);

  const onFilter = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilters(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])) as Filters);
    setPage(1);
  };
  const pages = answer ? Math.max(1, Math.ceil(answer.total / SIZE)) : 1;
  const select = (name: keyof Filters, label: string, options: Option[]) => (
    <span>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select id={`${id}-${name}`} name={name} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.currentTarget.value })}>
        <option value="">{s['staff.news.any']}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </span>
  );
  const field = (name: keyof Filters, label: string, type: string) => (
    <span>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input id={`${id}-${name}`} name={name} type={type} maxLength={100} value={draft[name]} onChange={(e) => setDraft({ ...draft, [name]: e.currentTarget.value })} />
    </span>
  );
  const kinds = box === 'messages' ? INBOX_KINDS.filter((k) => k !== 'application') : [];
  const exportHref = apiUrl(defaultTarget(), `/staff/inbox/export/${box}`, set);

  return (
    <div className="staff-inbox">
      {boxes.length > 1 && (
        <nav className="staff-actions" aria-label={s['staff.inbox']}>
          {boxes.map((b) => (
            <button
              key={b}
              type="button"
              aria-pressed={b === box}
              onClick={() => {
                setBox(b);
                setFilters(NONE);
                setDraft(NONE);
                setPage(1);
              }}
            >
              {s[`staff.inbox.${b}`]}
            </button>
          ))}
        </nav>
      )}
      <h2>{s[`staff.inbox.${box}`]}</h2>
      <form method="post" className="staff-form staff-inline" onSubmit={onFilter}>
        {select(
          'status',
          s['staff.inbox.filterStatus'],
          INBOX_STATUSES.map((st) => ({ id: st, name: s[`staff.inbox.status.${st}`] })),
        )}
        {kinds.length > 0 &&
          select(
            'kind',
            s['staff.inbox.filterKind'],
            kinds.map((k) => ({ id: k, name: s[`staff.inbox.kind.${k}`] })),
          )}
        {box === 'messages' ? select('region', s['staff.inbox.filterRegion'], regions) : select('position', s['staff.inbox.filterPosition'], positions)}
        {field('from', s['staff.inbox.filterFrom'], 'date')}
        {field('to', s['staff.inbox.filterTo'], 'date')}
        {field('text', s['staff.inbox.filterText'], 'search')}
        <button type="submit" disabled={!hydrated}>
          {s['staff.filter']}
        </button>
      </form>
      <p>
        <a className="staff-secondary" href={exportHref} download>
          {s['staff.inbox.exportCsv']}
        </a>
      </p>
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      {!answer && !error && <p aria-live="polite">{s['staff.loading']}</p>}
      {answer && !answer.rows.length && <p>{s['staff.empty']}</p>}
      {answer && answer.rows.length > 0 && (
        <>
          <div className="staff-table-wrap">
            <table className="staff-table" data-inbox={box}>
              <thead>
                <tr>
                  <th scope="col">{s['staff.inbox.colReceived']}</th>
                  <th scope="col">{s['staff.inbox.colFrom']}</th>
                  <th scope="col">{s['staff.inbox.colAbout']}</th>
                  <th scope="col">{s['staff.inbox.colStatus']}</th>
                  <th scope="col">{s['staff.inbox.colAssigned']}</th>
                </tr>
              </thead>
              <tbody>
                {answer.rows.map((r) => (
                  <tr key={r.id} data-item={r.id}>
                    <td>
                      <a href={`/${lang}/staff/inbox/item?box=${box}&id=${encodeURIComponent(r.id)}`}>{formatStaffTime(r.receivedAt, lang)}</a>
                    </td>
                    <td>
                      {r.name}
                      {'email' in r && <span className="staff-note">{r.email}</span>}
                      {'company' in r && r.company && <span className="staff-note">{r.company}</span>}
                    </td>
                    <td>
                      <span className="staff-note">{s[`staff.inbox.kind.${r.kind}`]}</span>
                      {'excerpt' in r ? r.excerpt : r.position}
                      {'regionName' in r && r.regionName && <span className="staff-note">{r.regionName}</span>}
                    </td>
                    <td>
                      <span className={`staff-status staff-status-${r.status}`}>{s[`staff.inbox.status.${r.status}`]}</span>
                    </td>
                    <td>{r.assignedTo ?? s['staff.inbox.nobody']}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={pages} total={answer.total} label={s['staff.inbox.list']} s={s} go={setPage} />
        </>
      )}
    </div>
  );
}
