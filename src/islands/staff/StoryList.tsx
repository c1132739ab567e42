import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { z } from 'zod';
import type { StorySummary } from '../../newsroom/contract';
import { STORY_STATUSES } from '../../newsroom/story';
import { sayError, staffCall, useHydrated } from './api';
import SiteState from './SiteState';
import Pager from './Pager';
import { formatStaffTime } from './time';

type Option = { id: string; name: string };
interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
  types: Option[];
  labels: Option[];
  /** The role may start a story. */
  mayCreate: boolean;
}

type Query = { type: string; language: string; status: string; label: string; text: string; page: number };
type Answer = { rows: z.infer<typeof StorySummary>[]; total: number };
const SIZE = 20;

/** The newsroom's stories, most recently changed first: filtered by type, language, status, label and title, paged. */
export default function StoryList({ lang, s, types, labels, mayCreate }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const [query, setQuery] = useState<Query>({ type: '', language: '', status: '', label: '', text: '', page: 1 });
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setAnswer(null);
    setError(null);
    const { page, ...filters } = query;
    staffCall<Answer>('/news/stories', { query: { ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)), page, size: SIZE } })
      .then(setAnswer)
      .catch((e) => setError(sayError(e, s)));
  }, [query, s]);

  const onFilter = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const get = (name: string) => String(f.get(name) ?? '').trim();
    setQuery({ type: get('type'), language: get('language'), status: get('status'), label: get('label'), text: get('text'), page: 1 });
  };
  const pages = answer ? Math.max(1, Math.ceil(answer.total / SIZE)) : 1;
  const typeName = (typeId: string) => types.find((t) => t.id === typeId)?.name ?? typeId;
  const select = (name: string, label: string, options: Option[]) => (
    <span>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select id={`${id}-${name}`} name={name} defaultValue="">
        <option value="">{s['staff.news.any']}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </span>
  );

  return (
    <div className="staff-stories">
      {mayCreate && (
        <p>
          <a className="staff-button" href={`/${lang}/staff/news/edit`}>
            {s['staff.news.new']}
          </a>
        </p>
      )}
      <form method="post" className="staff-form staff-inline" onSubmit={onFilter}>
        {select('type', s['staff.news.filterType'], types)}
        {select(
          'language',
          s['staff.news.filterLanguage'],
          (['en', 'zh'] as const).map((l) => ({ id: l, name: s[`staff.news.lang.${l}`] })),
        )}
        {select(
          'status',
          s['staff.news.filterStatus'],
          STORY_STATUSES.map((st) => ({ id: st, name: s[`staff.news.status.${st}`] })),
        )}
        {select('label', s['staff.news.filterLabel'], labels)}
        <span>
          <label htmlFor={`${id}-text`}>{s['staff.news.filterText']}</label>
          <input id={`${id}-text`} name="text" type="search" maxLength={100} />
        </span>
        <button type="submit" disabled={!hydrated}>
          {s['staff.filter']}
        </button>
      </form>
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
            <table className="staff-table" data-stories>
              <thead>
                <tr>
                  <th scope="col">{s['staff.news.colTitle']}</th>
                  <th scope="col">{s['staff.news.colType']}</th>
                  <th scope="col">{s['staff.news.colStatus']}</th>
                  <th scope="col">{s['staff.news.colSite']}</th>
                  <th scope="col">{s['staff.news.colShown']}</th>
                  <th scope="col">{s['staff.news.colChanged']}</th>
                </tr>
              </thead>
              <tbody>
                {answer.rows.map((r) => (
                  <tr key={r.id} data-story={r.id}>
                    <td>
                      <a href={`/${lang}/staff/news/edit?id=${encodeURIComponent(r.id)}`}>{(lang === 'zh' ? (r.titleZh ?? r.titleEn) : (r.titleEn ?? r.titleZh)) || s['staff.news.noTitle']}</a>
                      {r.titleEn && r.titleZh && (
                        <span className="staff-other-title" lang={lang === 'zh' ? 'en' : 'zh-CN'}>
                          {lang === 'zh' ? r.titleEn : r.titleZh}
                        </span>
                      )}
                    </td>
                    <td>{typeName(r.typeId)}</td>
                    <td>
                      <span className={`staff-status staff-status-${r.status}`}>{s[`staff.news.status.${r.status}`]}</span>
                      {r.status === 'scheduled' && r.scheduledAt && <span className="staff-note">{formatStaffTime(r.scheduledAt, lang)}</span>}
                    </td>
                    <td>
                      <SiteState site={r.site} lang={lang} s={s} />
                    </td>
                    <td>{r.statusDt}</td>
                    <td>{s['staff.news.changedBy'].replace('{{time}}', formatStaffTime(r.updatedAt, lang)).replace('{{who}}', r.updatedBy)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={query.page} pages={pages} total={answer.total} label={s['staff.news.list']} s={s} go={(page) => setQuery({ ...query, page })} />
        </>
      )}
    </div>
  );
}
