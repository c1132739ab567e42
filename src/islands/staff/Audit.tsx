import { useId } from 'react';
import type { z } from 'zod';
import { AUDIT_ACTIONS } from '../../staff/audit-actions';
import type { AuditRow } from '../../staff/contract';
import { useHydrated } from './api';
import { FilterForm, StaffTable, useStaffList, type Column, type FilterField } from './list-kit';
import { formatStaffTime } from './time';

interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
}

type Row = z.infer<typeof AuditRow>;
const NONE = { action: '', text: '', from: '', to: '' };

/** Admins: the audit log, newest first, filtered by action, text and dates, paged. Every value is shown as text. */
export default function Audit({ lang, s }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const list = useStaffList<Row>({ none: NONE, size: 50, path: '/audit', s });
  const fields: FilterField[] = [
    { name: 'action', label: s['staff.auditFilterAction'], kind: 'select', options: AUDIT_ACTIONS.map((a) => ({ id: a, name: a })) },
    { name: 'text', label: s['staff.auditFilterText'], kind: 'search' },
    { name: 'from', label: s['staff.auditFrom'], kind: 'date' },
    { name: 'to', label: s['staff.auditTo'], kind: 'date' },
  ];
  const columns: Column<Row>[] = [
    { header: s['staff.colAt'], cell: (r) => formatStaffTime(r.at, lang) },
    { header: s['staff.colActor'], cell: (r) => r.actorEmail },
    { header: s['staff.colAction'], cell: (r) => <code>{r.action}</code> },
    { header: s['staff.colSubject'], cell: (r) => r.subject },
    { header: s['staff.colDetail'], cell: (r) => r.detail },
    { header: s['staff.colAddress'], cell: (r) => r.clientAddress ?? '' },
  ];
  return (
    <div className="staff-audit">
      <FilterForm id={id} fields={fields} draft={list.draft} onDraft={list.setDraft} onApply={list.apply} hydrated={hydrated} s={s} />
      {/* entries have no id on the wire, and the list is replaced whole: keyed by place */}
      <StaffTable list={list} columns={columns} rowProps={(_, i) => ({ key: i })} label={s['staff.audit']} s={s} />
    </div>
  );
}
