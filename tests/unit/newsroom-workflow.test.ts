import { describe, expect, it } from 'vitest';
import { mayDo, STORY_ACTIONS } from '../../src/newsroom/workflow';
import { describeChange, newStoryId, StoryContent, STORY_STATUSES } from '../../src/newsroom/story';
import { STAFF_ROLES } from '../../src/staff/roles';

/** Who may do what to a story in which state (src/newsroom/workflow.ts), and the story's own rules (story.ts). */
describe('mayDo', () => {
  it('service and hr have no newsroom at all', () => {
    for (const role of ['service', 'hr'] as const)
      for (const action of STORY_ACTIONS) for (const status of [null, ...STORY_STATUSES]) expect(mayDo(role, action, status)?.reason, `${role} ${action} ${status}`).toBe('role');
  });

  it('a writer creates, saves drafts and stories in review, and submits drafts; never publishes, schedules, unpublishes or restores', () => {
    expect(mayDo('writer', 'create', null)).toBeNull();
    expect(mayDo('writer', 'save', 'draft')).toBeNull();
    expect(mayDo('writer', 'save', 'review')).toBeNull();
    expect(mayDo('writer', 'save', 'published')?.reason).toBe('role');
    expect(mayDo('writer', 'submit', 'draft')).toBeNull();
    expect(mayDo('writer', 'submit', 'review')?.reason).toBe('state');
    for (const action of ['publish', 'schedule', 'unpublish', 'restore'] as const) for (const status of STORY_STATUSES) expect(mayDo('writer', action, status)?.reason).toBe('role');
  });

  it('editors and admins do everything the state allows', () => {
    for (const role of ['editor', 'admin'] as const) {
      for (const status of STORY_STATUSES) expect(mayDo(role, 'save', status)).toBeNull();
      expect(mayDo(role, 'publish', 'review')).toBeNull();
      expect(mayDo(role, 'unpublish', 'draft')).toEqual({ reason: 'state', message: 'A draft story cannot be unpublished' });
      expect(mayDo(role, 'schedule', 'published')?.reason).toBe('state');
    }
  });

  it('covers every role', () => {
    expect(STAFF_ROLES.every((role) => mayDo(role, 'create', null) === null || ['service', 'hr'].includes(role))).toBe(true);
  });
});

describe('a story', () => {
  const content = (title: string) =>
    StoryContent.parse({
      meta: { typeId: '50000000000000231', labels: ['surcharges'], statusDt: '2026-11-26' },
      en: { title, body: '<p>Text</p>' },
    });

  it('needs one language at least, a title and a body with text in each it has; defaults are filled', () => {
    expect(content('A').en).toMatchObject({ subTitle: '', author: '', summary: '', picUrl: null });
    expect(content('A').zh).toBeNull();
    expect(StoryContent.safeParse({ meta: { typeId: '50000000000000231', statusDt: '2026-11-26' } }).success).toBe(false);
    expect(StoryContent.safeParse({ meta: { typeId: '50000000000000231', statusDt: '2026-11-26' }, en: { title: 'x', body: '<p> </p>' } }).success).toBe(false);
    expect(StoryContent.safeParse({ meta: { typeId: '1', statusDt: '2026-11-26' }, en: { title: 'x', body: 'y' } }).success).toBe(false);
  });

  it('has an id in the wire’s form, and says what changed', () => {
    expect(newStoryId(new Date('2026-11-26T08:00:00Z'), 'ab12cd')).toBe('n2026-1126-ab12');
    const after = content('B');
    after.meta.labels = ['surcharges', 'trade-lanes'];
    expect(describeChange(content('A'), after)).toBe('labels, title (en)');
    expect(describeChange(null, after)).toBe('');
  });
});
