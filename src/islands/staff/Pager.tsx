/** The console's pager under a table: previous, "page n of m (total)", next. */
export default function Pager({ page, pages, total, label, s, go }: { page: number; pages: number; total: number; label: string; s: Record<string, string>; go: (page: number) => void }) {
  return (
    <nav className="staff-pager" aria-label={label}>
      <button type="button" disabled={page <= 1} onClick={() => go(page - 1)}>
        {s['staff.prev']}
      </button>
      <span aria-live="polite">{s['staff.pageOf'].replace('{{page}}', String(page)).replace('{{pages}}', String(pages)).replace('{{total}}', String(total))}</span>
      <button type="button" disabled={page >= pages} onClick={() => go(page + 1)}>
        {s['staff.next']}
      </button>
    </nav>
  );
}
