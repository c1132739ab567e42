import { useId } from 'react';
import type { z } from 'zod';
import type { StorySummary } from '../../newsroom/contract';
import { STORY_STATUSES } from '../../newsroom/story';
import { useHydrated } from './api';
import { FilterForm, StaffTable, useStaffList, type Column, type FilterField, type Option } from './list-kit';
import SiteState from './SiteState';
import { formatStaffTime } from './time';

interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
  types: Option[];
  labels: Option[];
  /** The role may start a story. */
  mayCreate: boolean;
}

type Row = z.infer<typeof StorySummary>;
const NONE = { type: '', language: '', status: '', label: '', text: '' };

/** The newsroom's stories, most recently changed first: filtered by type, language, status, label and title, paged. */
export default function StoryList({ lang, s, types, labels, mayCreate }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const list = useStaffList<Row>({ none: NONE, size: 20, path: '/news/stories', s });
  const typeName = (typeId: string) => types.find((t) => t.id === typeId)?.name ?? typeId;
  const fields: FilterField[] = [
    { name: 'type', label: s['staff.news.filterType'], kind: 'select', options: types },
    { name: 'language', label: s['staff.news.filterLanguage'], kind: 'select', options: (['en', 'zh'] as const).map((l) => ({ id: l, name: s[`staff.news.lang.${l}`] })) },
    { name: 'status', label: s['staff.news.filterStatus'], kind: 'select', options: STORY_STATUSES.map((st) => ({ id: st, name: s[`staff.news.status.${st}`] })) },
    { name: 'label', label: s['staff.news.filterLabel'], kind: 'select', options: labels },
    { name: 'text', label: s['staff.news.filterText'], kind: 'search' },
  ];
  const columns: Column<Row>[] = [
    {
      header: s['staff.news.colTitle'],
      cell: (r) => (
        <>
          <a href={`/${lang}/staff/news/edit?id=${encodeURIComponent(r.id)}`}>{(lang === 'zh' ? (r.titleZh ?? r.titleEn) : (r.titleEn ?? r.titleZh)) || s['staff.news.noTitle']}</a>
          {r.titleEn && r.titleZh && (
            <span className="staff-other-title" lang={lang === 'zh' ? 'en' : 'zh-CN'}>
              {lang === 'zh' ? r.titleEn : r.titleZh}
            </span>
          )}
        </>
      ),
    },
    { header: s['staff.news.colType'], cell: (r) => typeName(r.typeId) },
    {
      header: s['staff.news.colStatus'],
      cell: (r) => (
        <>
          <span className={`staff-status staff-status-${r.status}`}>{s[`staff.news.status.${r.status}`]}</span>
          {r.status === 'scheduled' && r.scheduledAt && <span className="staff-note">{formatStaffTime(r.scheduledAt, lang)}</span>}
        </>
      ),
    },
    { header: s['staff.news.colSite'], cell: (r) => <SiteState site={r.site} lang={lang} s={s} /> },
    { header: s['staff.news.colShown'], cell: (r) => r.statusDt },
    { header: s['staff.news.colChanged'], cell: (r) => s['staff.news.changedBy'].replace('{{time}}', formatStaffTime(r.updatedAt, lang)).replace('{{who}}', r.updatedBy) },
  ];

  return (
    <div className="staff-stories">
      {mayCreate && (
        <p>
          <a className="staff-button" href={`/${lang}/staff/news/edit`}>
            {s['staff.news.new']}
          </a>
        </p>
      )}
      <FilterForm id={id} fields={fields} draft={list.draft} onDraft={list.setDraft} onApply={list.apply} hydrated={hydrated} s={s} />
      <StaffTable list={list} columns={columns} rowProps={(r) => ({ key: r.id, 'data-story': r.id })} tableProps={{ 'data-stories': '' }} label={s['staff.news.list']} s={s} />
    </div>
  );
}
