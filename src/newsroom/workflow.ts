import { mayEnter, type StaffRole } from '../staff/roles';
import type { StoryStatus } from './story';

/**
 * Who may do what to a story, by role and the story's state. Writers write: they create, save
 * drafts and stories in review, and submit them. Editors (and admins) also publish, schedule,
 * unpublish and restore, and their save of a published story is live at once.
 */
export const STORY_ACTIONS = ['create', 'save', 'submit', 'publish', 'schedule', 'unpublish', 'restore'] as const;
export type StoryAction = (typeof STORY_ACTIONS)[number];

/** The states an action starts from. */
const FROM: Record<StoryAction, readonly StoryStatus[]> = {
  create: [],
  save: ['draft', 'review', 'scheduled', 'published', 'unpublished'],
  submit: ['draft'],
  publish: ['draft', 'review', 'scheduled', 'unpublished', 'published'],
  schedule: ['draft', 'review', 'scheduled', 'unpublished'],
  unpublish: ['published', 'scheduled'],
  restore: ['draft', 'review', 'scheduled', 'published', 'unpublished'],
};

const DONE: Record<StoryAction, string> = { create: 'created', save: 'saved', submit: 'submitted', publish: 'published', schedule: 'scheduled', unpublish: 'unpublished', restore: 'restored' };

export type Refusal = { reason: 'role' | 'state'; message: string } | null;

export function mayDo(role: StaffRole, action: StoryAction, status: StoryStatus | null): Refusal {
  if (!mayEnter(role, 'newsroom')) return { reason: 'role', message: `Your role (${role}) has no newsroom` };
  const publishes = mayEnter(role, 'publish');
  if (['publish', 'schedule', 'unpublish', 'restore'].includes(action) && !publishes) return { reason: 'role', message: `Only an editor may ${action} a story` };
  if (action === 'save' && !publishes && status && !['draft', 'review'].includes(status)) return { reason: 'role', message: `A ${status} story is changed by an editor` };
  if (action !== 'create' && status && !FROM[action].includes(status)) return { reason: 'state', message: `A ${status} story cannot be ${DONE[action]}` };
  return null;
}
