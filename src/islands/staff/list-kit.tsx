import { useEffect, useState, type ReactNode, type SubmitEvent } from 'react';
import { sayError, staffCall } from './api';
import Pager from './Pager';

/**
 * The console's lists (stories, inbox, audit log) in one kit: filters and page kept in the
 * address (a reload or a shared link shows the same list), the answer loaded with its loading,
 * error and empty states, a filter form of labelled fields, a table whose first column stays in
 * view when the table scrolls sideways on a phone, and the pager.
 */

export type Option = { id: string; name: string };
export type Filters = Record<string, string>;
export type ListAnswer<Row> = { rows: Row[]; total: number };

/** A filter of the form: a choice among options (with "any"), or a text, search or date field. */
export type FilterField = { name: string; label: string } & ({ kind: 'select'; options: readonly Option[] } | { kind: 'search' | 'date' });

/**
 * A list's state: the filters applied (and the ones being typed, applied on Filter), the page, and
 * the answer of `path` for them. `scope` holds what is not a filter but chooses the list (the
 * inbox's box): kept in the address too; changing it starts from no filters and page 1.
 */
export function useStaffList<Row>(options: { none: Filters; size: number; path: string; s: Record<string, string>; scope?: Filters }) {
  const { none, size, path, s, scope = {} } = options;
  const [filters, setFilters] = useState<Filters>(none);
  const [draft, setDraft] = useState<Filters>(none);
  const [page, setPage] = useState(1);
  const [read, setRead] = useState(false);
  const [answer, setAnswer] = useState<ListAnswer<Row> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const scopeKey = JSON.stringify(scope);

  // once: the filters and page of the address
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the island starts
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const fromUrl = Object.fromEntries(Object.keys(none).map((k) => [k, q.get(k) ?? '']));
    setFilters(fromUrl);
    setDraft(fromUrl);
    setPage(Math.max(1, Number.parseInt(q.get('page') ?? '1', 10) || 1));
    setRead(true);
  }, []);

  const applied = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  const appliedKey = JSON.stringify(applied);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for the objects they are made from
  useEffect(() => {
    if (!read) return;
    let current = true;
    setAnswer(null);
    setError(null);
    const inAddress = new URLSearchParams({ ...scope, ...applied, ...(page > 1 ? { page: String(page) } : {}) });
    history.replaceState(null, '', `${location.pathname}${inAddress.size ? `?${inAddress}` : ''}`);
    staffCall<ListAnswer<Row>>(path, { query: { ...applied, page, size } })
      .then((a) => current && setAnswer(a))
      .catch((e) => current && setError(sayError(e, s)));
    return () => {
      current = false;
    };
  }, [read, path, appliedKey, scopeKey, page, size, s]);

  return {
    filters: applied,
    draft,
    setDraft: (name: string, value: string) => setDraft((d) => ({ ...d, [name]: value })),
    apply: () => {
      setFilters(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])));
      setPage(1);
    },
    /** No filters, page 1 (a new scope). */
    reset: () => {
      setFilters(none);
      setDraft(none);
      setPage(1);
    },
    page,
    setPage,
    pages: answer ? Math.max(1, Math.ceil(answer.total / size)) : 1,
    answer,
    error,
  };
}

/**
 * The filter form: each field labelled, one Filter button. Fields and button are enabled once the
 * island has hydrated: a choice made before would be reset by React taking the form over.
 */
export function FilterForm(props: {
  id: string;
  fields: readonly FilterField[];
  draft: Filters;
  onDraft: (name: string, value: string) => void;
  onApply: () => void;
  hydrated: boolean;
  s: Record<string, string>;
}) {
  const { id, fields, draft, onDraft, onApply, hydrated, s } = props;
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply();
  };
  return (
    <form method="post" className="staff-form staff-inline staff-filters" onSubmit={onSubmit}>
      {fields.map((f) => (
        <span key={f.name}>
          <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
          {f.kind === 'select' ? (
            <select id={`${id}-${f.name}`} name={f.name} disabled={!hydrated} value={draft[f.name] ?? ''} onChange={(e) => onDraft(f.name, e.currentTarget.value)}>
              <option value="">{s['staff.news.any']}</option>
              {f.options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          ) : (
            <input id={`${id}-${f.name}`} name={f.name} type={f.kind} maxLength={100} disabled={!hydrated} value={draft[f.name] ?? ''} onChange={(e) => onDraft(f.name, e.currentTarget.value)} />
          )}
        </span>
      ))}
      <button type="submit" disabled={!hydrated}>
        {s['staff.filter']}
      </button>
    </form>
  );
}

/** A column: its header and what a row shows in it. */
export type Column<Row> = { header: string; cell: (row: Row) => ReactNode };

/**
 * The list under its filters: the error, "Loading…" or "Nothing found", else the table (the first
 * column kept in view when it scrolls sideways) and the pager.
 */
export function StaffTable<Row>(props: {
  list: { answer: ListAnswer<Row> | null; error: string | null; page: number; pages: number; setPage: (page: number) => void };
  columns: readonly Column<Row>[];
  rowProps: (row: Row, index: number) => { key: string | number } & Record<`data-${string}`, string>;
  tableProps?: Record<`data-${string}`, string>;
  label: string;
  s: Record<string, string>;
}) {
  const { list, columns, rowProps, tableProps, label, s } = props;
  const { answer, error } = list;
  if (error)
    return (
      <p className="staff-error" role="alert">
        {error}
      </p>
    );
  if (!answer) return <p aria-live="polite">{s['staff.loading']}</p>;
  if (!answer.rows.length) return <p>{s['staff.empty']}</p>;
  return (
    <>
      <div className="staff-table-wrap">
        <table className="staff-table staff-list" {...tableProps}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {answer.rows.map((row, i) => {
              const { key, ...data } = rowProps(row, i);
              return (
                <tr key={key} {...data}>
                  {columns.map((c) => (
                    <td key={c.header}>{c.cell(row)}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager page={list.page} pages={list.pages} total={answer.total} label={label} s={s} go={list.setPage} />
    </>
  );
}
