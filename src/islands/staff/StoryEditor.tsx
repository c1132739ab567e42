import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../contract/fetch';
import type { Revision, StorySummary } from '../../newsroom/contract';
import type { StoryContent, StoryLanguage } from '../../newsroom/story';
import type { TagOption } from '../../newsroom/tags';
import { chinaLocalToIso, isoToChinaLocal, todayInChina } from '../../newsroom/times';
import { mayDo, type StoryAction } from '../../newsroom/workflow';
import type { StaffRole } from '../../staff/roles';
import { sayError, staffCall, useHydrated } from './api';
import CodePicker from './CodePicker';
import RichText from './RichText';
import SiteState from './SiteState';
import { formatStaffTime } from './time';

type Option = { id: string; name: string };
interface Props {
  lang: 'en' | 'zh';
  s: Record<string, string>;
  /** The story to open; null starts a new one. */
  storyId: string | null;
  role: StaffRole;
  types: Option[];
  labels: Option[];
  /** The trades and ports a story can be about (src/newsroom/tags.ts). */
  tags: { trades: TagOption[]; ports: TagOption[] };
}

type Summary = z.infer<typeof StorySummary>;
type Loaded = { story: Summary; content: StoryContent; revisions: z.infer<typeof Revision>[] };
type Version = NonNullable<StoryContent['en']>;
type Form = {
  typeId: string;
  labels: string[];
  trades: string[];
  ports: string[];
  statusDt: string;
  important: boolean;
  on: Record<StoryLanguage, boolean>;
  versions: Record<StoryLanguage, Version>;
};
type Removal = { kind: string; what: string };

const LANGS: StoryLanguage[] = ['en', 'zh'];
const emptyVersion = (): Version => ({ title: '', subTitle: '', author: '', summary: '', body: '', picUrl: null });

function formOf(content: StoryContent | null, types: Option[]): Form {
  const meta = content?.meta;
  return {
    typeId: meta?.typeId ?? types[0]?.id ?? '',
    labels: meta?.labels ?? [],
    trades: meta?.tradeCodes ?? [],
    ports: meta?.portCodes ?? [],
    statusDt: meta?.statusDt ?? todayInChina(),
    important: meta?.important ?? false,
    on: { en: content ? !!content.en : true, zh: content ? !!content.zh : true },
    versions: { en: content?.en ?? emptyVersion(), zh: content?.zh ?? emptyVersion() },
  };
}

function contentOf(form: Form): StoryContent {
  return {
    meta: {
      typeId: form.typeId as StoryContent['meta']['typeId'],
      labels: form.labels,
      tradeCodes: form.trades,
      portCodes: form.ports,
      statusDt: form.statusDt,
      important: form.important,
    },
    en: form.on.en ? form.versions.en : null,
    zh: form.on.zh ? form.versions.zh : null,
  };
}

/** The server's "field: message; field: message" as messages by field ('en.title', 'meta.portCodes'). */
function fieldErrors(message: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of message.split('; ')) {
    const at = part.indexOf(': ');
    if (at < 0) continue;
    const field = part
      .slice(0, at)
      .replace(/^(body\.)?(content\.)?/, '')
      .replace(/\.\d+$/, '');
    out[field] ??= part.slice(at + 2);
  }
  return out;
}

/**
 * One story: its details, the English and Chinese versions side by side (either may be left out),
 * the bodies in a rich-text editor; save (what the site's allow-list would remove is shown first,
 * never dropped silently; a save over someone else's is refused, naming them, and keeps the typed
 * text), submit, publish, schedule in China time, unpublish, preview, and every revision.
 */
export default function StoryEditor({ lang, s, storyId, role, types, labels, tags }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const language = lang === 'zh' ? 0 : 1;
  const [storyKey, setStoryKey] = useState(storyId);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState<Form>(() => formOf(null, types));
  const [generation, setGeneration] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [removed, setRemoved] = useState<Partial<Record<StoryLanguage, Removal[]>> | null>(null);
  const [conflict, setConflict] = useState<{ by: string; at: string } | null>(null);
  const [when, setWhen] = useState('');

  const load = useCallback(
    async (key: string) => {
      setLoadError(null);
      try {
        const answer = await staffCall<Loaded>(`/news/stories/${encodeURIComponent(key)}`);
        setLoaded(answer);
        setForm(formOf(answer.content, types));
        setGeneration((g) => g + 1);
        setDirty(false);
        setConflict(null);
        setErrors({});
        setRemoved(null);
      } catch (e) {
        setLoadError(e instanceof ApiError && e.code === '404' ? s['staff.news.notFound'] : sayError(e, s));
      }
    },
    [s, types],
  );
  useEffect(() => {
    if (storyId) void load(storyId);
  }, [storyId, load]);
  // while the site is waiting for or building the story's change, its state is read again every few seconds
  const pending = loaded?.story.site?.state === 'queued' || loaded?.story.site?.state === 'building';
  useEffect(() => {
    if (!pending || !storyKey) return;
    const timer = window.setInterval(async () => {
      try {
        const answer = await staffCall<Loaded>(`/news/stories/${encodeURIComponent(storyKey)}`);
        setLoaded((old) => (old ? { ...old, story: { ...old.story, site: answer.story.site } } : old));
      } catch {
        // the next tick tries again
      }
    }, 3000);
    return () => window.clearInterval(timer);
  }, [pending, storyKey]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const status = loaded?.story.status ?? null;
  const may = (action: StoryAction) => !mayDo(role, action, action === 'create' ? null : status);
  const readOnly = storyKey ? !!loaded && !may('save') : !may('create');
  const change = (update: (f: Form) => Form) => {
    setForm(update);
    setDirty(true);
  };
  /** A field of the details (the value read at the event: React's updater runs later). */
  const edit = <K extends 'typeId' | 'statusDt' | 'trades' | 'ports' | 'important'>(field: K, value: Form[K]) => change((f) => ({ ...f, [field]: value }));
  const setVersion = (l: StoryLanguage, field: keyof Version, value: string | null) => change((f) => ({ ...f, versions: { ...f.versions, [l]: { ...f.versions[l], [field]: value } } }));

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.code === '409' && e.detail && typeof e.detail === 'object' && 'by' in e.detail) {
      const d = e.detail as { by: string; at: string };
      setConflict({ by: d.by, at: d.at });
      return;
    }
    if (e instanceof ApiError && e.code === '400') {
      const found = fieldErrors(e.message);
      setErrors(found);
      setNotice({ ok: false, text: Object.keys(found).length ? s['staff.news.invalid'] : sayError(e, s) });
      return;
    }
    setNotice({ ok: false, text: sayError(e, s) });
  };

  const save = async (confirmed: boolean) => {
    setBusy(true);
    setNotice(null);
    setErrors({});
    setConflict(null);
    try {
      const content = contentOf(form);
      if (!confirmed) {
        const found: Partial<Record<StoryLanguage, Removal[]>> = {};
        for (const l of LANGS) {
          const body = content[l]?.body;
          if (!body) continue;
          const report = await staffCall<{ removed: Removal[] }>('/news/check-body', { method: 'POST', body: { json: { html: body } }, language });
          if (report.removed.length) found[l] = report.removed;
        }
        if (Object.keys(found).length) {
          setRemoved(found);
          return;
        }
      }
      setRemoved(null);
      const saved = storyKey
        ? await staffCall<{ id: string; version: number }>(`/news/stories/${encodeURIComponent(storyKey)}`, { method: 'POST', body: { json: { version: loaded?.story.version, content } }, language })
        : await staffCall<{ id: string; version: number }>('/news/stories', { method: 'POST', body: { json: content }, language });
      if (!storyKey) {
        setStoryKey(saved.id);
        window.history.replaceState(null, '', `/${lang}/staff/news/edit?id=${encodeURIComponent(saved.id)}`);
      }
      await load(saved.id);
      setNotice({ ok: true, text: s['staff.news.saved'].replace('{{version}}', String(saved.version)) });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const act = async (action: 'submit' | 'publish' | 'unpublish' | 'schedule' | 'restore' | 'mail', extra: Record<string, unknown> = {}, confirmText?: string) => {
    if (!storyKey || !loaded) return;
    if (dirty) return setNotice({ ok: false, text: s['staff.news.unsaved'] });
    if (confirmText && !window.confirm(confirmText)) return;
    setBusy(true);
    setNotice(null);
    setErrors({});
    try {
      // the mail is once per story, whatever its version: it sends only its confirmation
      const moved = await staffCall<{ status?: string }>(`/news/stories/${encodeURIComponent(storyKey)}/${action}`, {
        method: 'POST',
        body: { json: action === 'mail' ? extra : { version: loaded.story.version, ...extra } },
        language,
      });
      await load(storyKey);
      if (moved.status) setNotice({ ok: true, text: s['staff.news.moved'].replace('{{status}}', s[`staff.news.status.${moved.status}`]) });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const onPicture = async (l: StoryLanguage, chosen: File | undefined) => {
    if (!chosen) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.set('file', chosen);
      const stored = await staffCall<{ url: string }>('/news/images', { method: 'POST', body: { multipart: body }, language });
      setVersion(l, 'picUrl', stored.url);
      setErrors((e) => ({ ...e, [`${l}.picUrl`]: '' }));
    } catch (e) {
      setErrors((old) => ({ ...old, [`${l}.picUrl`]: sayError(e, s).replace(/^.*?file: /, '') }));
    } finally {
      setBusy(false);
    }
  };

  if (storyKey && !loaded) {
    return loadError ? (
      <p className="staff-error" role="alert">
        {loadError}
      </p>
    ) : (
      <p aria-live="polite">{s['staff.loading']}</p>
    );
  }

  const err = (field: string) => errors[field] || null;
  const errorRef = (field: string) => (err(field) ? `${id}-${field}-error` : undefined);
  const fieldError = (field: string): ReactNode =>
    err(field) ? (
      <span id={`${id}-${field}-error`} className="staff-error staff-field-error">
        {err(field)}
      </span>
    ) : null;
  const text = (l: StoryLanguage, field: 'title' | 'subTitle' | 'author' | 'summary', multiline = false) => {
    const key = `${l}.${field}`;
    const props = {
      id: `${id}-${key}`,
      value: form.versions[l][field],
      disabled: readOnly,
      'aria-invalid': err(key) ? true : undefined,
      'aria-describedby': errorRef(key),
      lang: l === 'zh' ? 'zh-CN' : 'en',
    };
    return (
      <>
        <label htmlFor={props.id}>{s[`staff.news.${field}`]}</label>
        {multiline ? (
          <textarea {...props} rows={3} maxLength={600} onChange={(e) => setVersion(l, field, e.currentTarget.value)} />
        ) : (
          <input {...props} type="text" maxLength={field === 'title' ? 200 : 300} required={field === 'title'} onChange={(e) => setVersion(l, field, e.currentTarget.value)} />
        )}
        {fieldError(key)}
      </>
    );
  };
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const whenIso = chinaLocalToIso(when);
  const langName = (l: StoryLanguage) => s[`staff.news.lang.${l}`];

  return (
    <div className="staff-story" data-story-editor>
      {loaded && (
        <p className="staff-story-state">
          {s['staff.news.storyOf'].replace('{{id}}', loaded.story.id).replace('{{version}}', String(loaded.story.version)).replace('{{status}}', s[`staff.news.status.${loaded.story.status}`])}
          {loaded.story.status === 'scheduled' && loaded.story.scheduledAt && <> · {s['staff.news.scheduledFor'].replace('{{time}}', formatStaffTime(loaded.story.scheduledAt, lang))}</>}
          {loaded.story.status === 'published' && loaded.story.publishedAt && <> · {s['staff.news.publishedAt'].replace('{{time}}', formatStaffTime(loaded.story.publishedAt, lang))}</>}
        </p>
      )}
      {loaded && (
        <p className="staff-story-site" aria-live="polite">
          {s['staff.news.colSite']}: <SiteState site={loaded.story.site} lang={lang} s={s} detailed />
        </p>
      )}
      {loaded?.story.notice && (
        <p className="staff-note" data-notice-mailed>
          {(loaded.story.notice.sent === null ? s['staff.news.mailing'] : s['staff.news.mailed'])
            .replace('{{count}}', String(loaded.story.notice.sent ?? loaded.story.notice.recipients))
            .replace('{{time}}', formatStaffTime(loaded.story.notice.at, lang))
            .replace('{{who}}', loaded.story.notice.by)}
        </p>
      )}
      {readOnly && <p className="staff-warning">{s['staff.news.readOnly']}</p>}
      <form
        method="post"
        className="staff-story-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
      >
        <fieldset className="staff-story-meta">
          <legend>{s['staff.news.details']}</legend>
          <span>
            <label htmlFor={`${id}-type`}>{s['staff.news.type']}</label>
            <select id={`${id}-type`} value={form.typeId} disabled={readOnly} aria-describedby={errorRef('meta.typeId')} onChange={(e) => edit('typeId', e.currentTarget.value)}>
              {types.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            {fieldError('meta.typeId')}
          </span>
          <span>
            <label htmlFor={`${id}-date`}>{s['staff.news.date']}</label>
            <input id={`${id}-date`} type="date" value={form.statusDt} disabled={readOnly} aria-describedby={errorRef('meta.statusDt')} onChange={(e) => edit('statusDt', e.currentTarget.value)} />
            {fieldError('meta.statusDt')}
          </span>
          {(['trades', 'ports'] as const).map((kind) => {
            const field = kind === 'trades' ? 'meta.tradeCodes' : 'meta.portCodes';
            return (
              <span key={kind}>
                <CodePicker
                  id={`${id}-${kind}`}
                  label={s[`staff.news.${kind}`]}
                  hint={s[`staff.news.${kind}Hint`]}
                  options={tags[kind]}
                  chosen={form[kind]}
                  onChange={(codes) => edit(kind, codes)}
                  disabled={readOnly}
                  error={err(field)}
                  errorId={errorRef(field)}
                  s={s}
                />
                {fieldError(field)}
              </span>
            );
          })}
          <fieldset className="staff-story-labels">
            <legend>{s['staff.news.labels']}</legend>
            {labels.map((l) => (
              <label key={l.id}>
                <input
                  type="checkbox"
                  checked={form.labels.includes(l.id)}
                  disabled={readOnly}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    change((f) => ({ ...f, labels: on ? [...f.labels, l.id] : f.labels.filter((x) => x !== l.id) }));
                  }}
                />{' '}
                {l.name}
              </label>
            ))}
            {fieldError('meta.labels')}
          </fieldset>
          <label className="staff-check">
            <input type="checkbox" checked={form.important} disabled={readOnly} onChange={(e) => edit('important', e.currentTarget.checked)} /> {s['staff.news.important']}
          </label>
        </fieldset>

        <div className="staff-story-versions">
          {LANGS.map((l) => (
            <fieldset key={l} className="staff-story-version" lang={l === 'zh' ? 'zh-CN' : 'en'} data-version={l}>
              <legend>{s['staff.news.version'].replace('{{lang}}', langName(l))}</legend>
              <label className="staff-check">
                <input
                  type="checkbox"
                  checked={form.on[l]}
                  disabled={readOnly}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    change((f) => ({ ...f, on: { ...f.on, [l]: on } }));
                  }}
                />{' '}
                {s['staff.news.include']}
              </label>
              {l === 'en' && fieldError('en')}
              {form.on[l] && (
                <>
                  {text(l, 'title')}
                  {text(l, 'subTitle')}
                  {text(l, 'author')}
                  {text(l, 'summary', true)}
                  <span className="staff-label" id={`${id}-${l}-body-label`}>
                    {s['staff.news.body']}
                  </span>
                  <RichText
                    key={`${l}-${generation}`}
                    labelledBy={`${id}-${l}-body-label`}
                    describedBy={errorRef(`${l}.body`)}
                    initial={form.versions[l].body}
                    onChange={(html) => setVersion(l, 'body', html)}
                    s={s}
                    language={language}
                    disabled={readOnly}
                  />
                  {fieldError(`${l}.body`)}
                  <span className="staff-label">{s['staff.news.picture']}</span>
                  {form.versions[l].picUrl ? (
                    <span className="staff-picture">
                      <img src={form.versions[l].picUrl ?? ''} alt="" width={240} height={135} />
                      <button type="button" className="staff-secondary" disabled={readOnly} onClick={() => setVersion(l, 'picUrl', null)}>
                        {s['staff.news.pictureRemove']}
                      </button>
                    </span>
                  ) : (
                    <span>{s['staff.news.pictureNone']}</span>
                  )}
                  <label htmlFor={`${id}-${l}-pic`}>{s['staff.news.pictureUpload']}</label>
                  <input
                    id={`${id}-${l}-pic`}
                    type="file"
                    accept="image/png,image/jpeg,image/webp"
                    disabled={readOnly || busy}
                    aria-describedby={errorRef(`${l}.picUrl`)}
                    onChange={(e) => onPicture(l, e.currentTarget.files?.[0])}
                  />
                  {fieldError(`${l}.picUrl`)}
                </>
              )}
            </fieldset>
          ))}
        </div>

        {removed && (
          <section className="staff-warning" aria-labelledby={`${id}-removed`} data-removed>
            {LANGS.filter((l) => removed[l]).map((l, i) => (
              <div key={l}>
                <h2 id={i === 0 ? `${id}-removed` : undefined}>{s['staff.news.removedTitle'].replace('{{lang}}', langName(l))}</h2>
                <ul>
                  {removed[l]?.map((r, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a report's lines have no id and are replaced whole
                    <li key={j}>
                      <code>{r.what}</code>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <p>{s['staff.news.removedIntro']}</p>
            <button type="button" disabled={busy} onClick={() => void save(true)}>
              {s['staff.news.saveAnyway']}
            </button>
          </section>
        )}
        {conflict && (
          <div className="staff-warning" role="alert" data-conflict>
            <p>{s['staff.news.conflict'].replace('{{who}}', conflict.by).replace('{{time}}', formatStaffTime(conflict.at, lang))}</p>
            <button type="button" className="staff-secondary" onClick={() => storyKey && void load(storyKey)}>
              {s['staff.news.reload']}
            </button>
          </div>
        )}
        {notice && (
          <p className={notice.ok ? 'staff-ok' : 'staff-error'} role={notice.ok ? 'status' : 'alert'}>
            {notice.text}
          </p>
        )}
        <div className="staff-story-actions">
          {!readOnly && (
            <button type="submit" disabled={!hydrated || busy}>
              {busy ? s['staff.news.saving'] : s['staff.news.save']}
            </button>
          )}
          {storyKey && may('submit') && (
            <button type="button" className="staff-secondary" disabled={!hydrated || busy} onClick={() => void act('submit')}>
              {s['staff.news.submit']}
            </button>
          )}
          {storyKey && may('publish') && status !== 'published' && (
            <button type="button" disabled={!hydrated || busy} onClick={() => void act('publish', {}, s['staff.news.confirmPublish'])}>
              {s['staff.news.publish']}
            </button>
          )}
          {storyKey && status === 'published' && loaded?.content.meta.important && !loaded.story.notice && may('unpublish') && (
            <button
              type="button"
              className="staff-secondary"
              title={s['staff.news.mailHint']}
              disabled={!hydrated || busy}
              onClick={() => void act('mail', { confirm: true }, s['staff.news.confirmMail'])}
            >
              {s['staff.news.mailNotice']}
            </button>
          )}
          {storyKey && may('unpublish') && (
            <button type="button" className="staff-secondary" disabled={!hydrated || busy} onClick={() => void act('unpublish', {}, s['staff.news.confirmUnpublish'])}>
              {s['staff.news.unpublish']}
            </button>
          )}
        </div>
      </form>

      {storyKey && loaded && (
        <>
          <h2>{s['staff.news.preview']}</h2>
          <ul className="staff-story-previews">
            {LANGS.filter((l) => loaded.content[l]).map((l) => (
              <li key={l}>
                <a href={`/${lang}/staff/news/preview?id=${encodeURIComponent(storyKey)}&version=${l}`} data-preview={l}>
                  {s['staff.news.previewOf'].replace('{{lang}}', langName(l))}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}

      {storyKey && may('schedule') && (
        <form
          method="post"
          className="staff-form staff-inline"
          onSubmit={(e) => {
            e.preventDefault();
            if (whenIso) void act('schedule', { at: whenIso });
            else setErrors({ at: s['staff.field.when'] });
          }}
        >
          <span>
            <label htmlFor={`${id}-when`}>{s['staff.news.scheduleAt']}</label>
            <input
              id={`${id}-when`}
              type="datetime-local"
              value={when}
              min={isoToChinaLocal(new Date().toISOString())}
              aria-describedby={`${id}-when-zone${err('at') ? ` ${id}-at-error` : ''}`}
              onChange={(e) => setWhen(e.currentTarget.value)}
            />
            <span id={`${id}-when-zone`} className="staff-note">
              {whenIso ? s['staff.news.scheduleYourZone'].replace('{{time}}', formatStaffTime(whenIso, lang)).replace('{{zone}}', zone) : zone}
            </span>
            {fieldError('at')}
          </span>
          <button type="submit" disabled={!hydrated || busy}>
            {s['staff.news.schedule']}
          </button>
        </form>
      )}

      {loaded && loaded.revisions.length > 0 && (
        <>
          <h2>{s['staff.news.revisions']}</h2>
          <ol className="staff-revisions" reversed>
            {loaded.revisions.map((r) => (
              <li key={r.number} value={r.number}>
                {s['staff.news.revisionLine'].replace('{{action}}', r.action).replace('{{who}}', r.by).replace('{{time}}', formatStaffTime(r.at, lang))}
                {r.summary && <span className="staff-note"> ({r.summary})</span>}
                {may('restore') && r.number !== loaded.revisions[0]?.number && (
                  <button
                    type="button"
                    className="staff-link"
                    disabled={busy}
                    onClick={() => void act('restore', { revision: r.number }, s['staff.news.confirmRestore'].replace('{{number}}', String(r.number)))}
                  >
                    {s['staff.news.restore'].replace('{{number}}', String(r.number))}
                  </button>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
