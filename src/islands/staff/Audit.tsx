import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { z } from 'zod';
import { AUDIT_ACTIONS } from '../../staff/audit-actions';
import type { AuditRow } from '../../staff/contract';
import { sayError, staffCall, useHydrated } from './api';
import Pager from './Pager';
import { formatStaffTime } from './time';

interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
}

type Query = { action: string; text: string; from: string; to: string; page: number };
const SIZE = 50;

/** Admins: the audit log, newest first, filtered by action, text and dates, paged. Every value is shown as text. */
export default function Audit({ lang, s }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const [query, setQuery] = useState<Query>({ action: '', text: '', from: '', to: '', page: 1 });
  const [answer, setAnswer] = useState<{ rows: z.infer<typeof AuditRow>[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setAnswer(null);
    setError(null);
    staffCall<{ rows: z.infer<typeof AuditRow>[]; total: number }>('/audit', {
      query: { action: query.action || undefined, text: query.text || undefined, from: query.from || undefined, to: query.to || undefined, page: query.page, size: SIZE },
    })
      .then(setAnswer)
      .catch((e) => setError(sayError(e, s)));
  }, [query, s]);

  const onFilter = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    setQuery({ action: String(f.get('action')), text: String(f.get('text')).trim(), from: String(f.get('from')), to: String(f.get('to')), page: 1 });
  };
  const pages = answer ? Math.max(1, Math.ceil(answer.total / SIZE)) : 1;

  return (
    <div className="staff-audit">
      <form method="post" className="staff-form staff-inline" onSubmit={onFilter}>
        <span>
          <label htmlFor={`${id}-action`}>{s['staff.auditFilterAction']}</label>
          <select id={`${id}-action`} name="action" defaultValue="">
            <option value="">{s['staff.auditAll']}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </span>
        <span>
          <label htmlFor={`${id}-text`}>{s['staff.auditFilterText']}</label>
          <input id={`${id}-text`} name="text" type="search" maxLength={100} />
        </span>
        <span>
          <label htmlFor={`${id}-from`}>{s['staff.auditFrom']}</label>
          <input id={`${id}-from`} name="from" type="date" />
        </span>
        <span>
          <label htmlFor={`${id}-to`}>{s['staff.auditTo']}</label>
          <input id={`${id}-to`} name="to" type="date" />
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
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">{s['staff.colAt']}</th>
                  <th scope="col">{s['staff.colActor']}</th>
                  <th scope="col">{s['staff.colAction']}</th>
                  <th scope="col">{s['staff.colSubject']}</th>
                  <th scope="col">{s['staff.colDetail']}</th>
                  <th scope="col">{s['staff.colAddress']}</th>
                </tr>
              </thead>
              <tbody>
                {answer.rows.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id on the wire, and the list is replaced whole
                  <tr key={i}>
                    <td>{formatStaffTime(r.at, lang)}</td>
                    <td>{r.actorEmail}</td>
                    <td>
                      <code>{r.action}</code>
                    </td>
                    <td>{r.subject}</td>
                    <td>{r.detail}</td>
                    <td>{r.clientAddress ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={query.page} pages={pages} total={answer.total} label={s['staff.audit']} s={s} go={(page) => setQuery({ ...query, page })} />
        </>
      )}
    </div>
  );
}
