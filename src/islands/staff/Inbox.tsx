import { useEffect, useId, useState } from 'react';
import type { z } from 'zod';
import { apiUrl, defaultTarget } from '../../contract/fetch';
import type { ApplicationSummary, MessageSummary } from '../../inbox/contract';
import { INBOX_KINDS, INBOX_STATUSES, type InboxBox } from '../../inbox/item';
import { useHydrated } from './api';
import { FilterForm, StaffTable, useStaffList, type Column, type FilterField, type Option } from './list-kit';
import { formatStaffTime } from './time';

interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
  /** The boxes the signed-in member may open (messages: service, applications: HR, both: admin). */
  boxes: InboxBox[];
  regions: Option[];
  positions: Option[];
}

type Row = z.infer<typeof MessageSummary> | z.infer<typeof ApplicationSummary>;
const NONE = { status: '', kind: '', region: '', position: '', from: '', to: '', text: '' };

/**
 * The inbox: messages (service) or applications (HR), newest first, filtered by status, kind, region
 * or position, date and text; paged; the filtered list exported as CSV. What visitors typed is shown
 * as text (React escapes it), never as markup. The box is kept in the address with the filters.
 */
export default function Inbox({ lang, s, boxes, regions, positions }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const [box, setBox] = useState<InboxBox>(boxes[0]);
  const list = useStaffList<Row>({ none: NONE, size: 20, path: `/inbox/${box}`, s, scope: { box } });
  useEffect(() => {
    const wanted = new URLSearchParams(location.search).get('box');
    if (wanted && (boxes as string[]).includes(wanted)) setBox(wanted as InboxBox);
  }, [boxes]);

  const kinds = box === 'messages' ? INBOX_KINDS.filter((k) => k !== 'application') : [];
  const fields: FilterField[] = [
    { name: 'status', label: s['staff.inbox.filterStatus'], kind: 'select', options: INBOX_STATUSES.map((st) => ({ id: st, name: s[`staff.inbox.status.${st}`] })) },
    ...(kinds.length ? [{ name: 'kind', label: s['staff.inbox.filterKind'], kind: 'select' as const, options: kinds.map((k) => ({ id: k, name: s[`staff.inbox.kind.${k}`] })) }] : []),
    box === 'messages'
      ? { name: 'region', label: s['staff.inbox.filterRegion'], kind: 'select', options: regions }
      : { name: 'position', label: s['staff.inbox.filterPosition'], kind: 'select', options: positions },
    { name: 'from', label: s['staff.inbox.filterFrom'], kind: 'date' },
    { name: 'to', label: s['staff.inbox.filterTo'], kind: 'date' },
    { name: 'text', label: s['staff.inbox.filterText'], kind: 'search' },
  ];
  const columns: Column<Row>[] = [
    { header: s['staff.inbox.colReceived'], cell: (r) => <a href={`/${lang}/staff/inbox/item?box=${box}&id=${encodeURIComponent(r.id)}`}>{formatStaffTime(r.receivedAt, lang)}</a> },
    {
      header: s['staff.inbox.colFrom'],
      cell: (r) => (
        <>
          {r.name}
          {'email' in r && <span className="staff-note">{r.email}</span>}
          {'company' in r && r.company && <span className="staff-note">{r.company}</span>}
        </>
      ),
    },
    {
      header: s['staff.inbox.colAbout'],
      cell: (r) => (
        <>
          <span className="staff-note">{s[`staff.inbox.kind.${r.kind}`]}</span>
          {'excerpt' in r ? r.excerpt : r.position}
          {'regionName' in r && r.regionName && <span className="staff-note">{r.regionName}</span>}
        </>
      ),
    },
    { header: s['staff.inbox.colStatus'], cell: (r) => <span className={`staff-status staff-status-${r.status}`}>{s[`staff.inbox.status.${r.status}`]}</span> },
    { header: s['staff.inbox.colAssigned'], cell: (r) => r.assignedTo ?? s['staff.inbox.nobody'] },
  ];
  const exportHref = apiUrl(defaultTarget(), `/staff/inbox/export/${box}`, list.filters);

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
                list.reset();
              }}
            >
              {s[`staff.inbox.${b}`]}
            </button>
          ))}
        </nav>
      )}
      <h2>{s[`staff.inbox.${box}`]}</h2>
      <FilterForm id={id} fields={fields} draft={list.draft} onDraft={list.setDraft} onApply={list.apply} hydrated={hydrated} s={s} />
      <p>
        <a className="staff-secondary" href={exportHref} download>
          {s['staff.inbox.exportCsv']}
        </a>
      </p>
      <StaffTable list={list} columns={columns} rowProps={(r) => ({ key: r.id, 'data-item': r.id })} tableProps={{ 'data-inbox': box }} label={s['staff.inbox.list']} s={s} />
    </div>
  );
}
