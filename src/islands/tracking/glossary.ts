import type { TrackMilestone } from '../../contract/tracking';

/**
 * The words of the tracking milestones, one place for the timeline, the "where it is now" and
 * "next" lines (./TrackResults.tsx) and the glossary of the page (src/components/tracking/
 * TrackGlossary.astro): each DCSA Track & Trace milestone the site shows, keyed by its event type,
 * code and, for equipment, empty or laden, for a document step its document type, to the
 * dictionary keys of its words (src/i18n/dict/track.{en,zh}.json):
 * - `label`, the milestone's name in the timeline ("Vessel departure");
 * - `done`, what happened, with {{place}} where it has one ("Departed {{place}}");
 * - `next`, what is to come ("Departure from {{place}}");
 * - `about`, the glossary's sentence.
 * A milestone of a kind not listed (a provider's other codes) is named by its code.
 */

interface KindDef {
  eventType: TrackMilestone['eventType'];
  code: string;
  /** Equipment: empty (true) or laden (false). */
  empty?: boolean;
  /** Document steps: the DCSA document type code (BKG, SHI, VGM, TRD, SRM). */
  documentType?: string;
  group: 'cargo' | 'documents';
}

export const MILESTONE_KINDS = {
  GTOT_EMPTY: { eventType: 'EQUIPMENT', code: 'GTOT', empty: true, group: 'cargo' },
  GTIN_LADEN: { eventType: 'EQUIPMENT', code: 'GTIN', empty: false, group: 'cargo' },
  LOAD: { eventType: 'EQUIPMENT', code: 'LOAD', group: 'cargo' },
  DEPA: { eventType: 'TRANSPORT', code: 'DEPA', group: 'cargo' },
  ARRI: { eventType: 'TRANSPORT', code: 'ARRI', group: 'cargo' },
  DISC: { eventType: 'EQUIPMENT', code: 'DISC', group: 'cargo' },
  RELS: { eventType: 'SHIPMENT', code: 'RELS', documentType: 'SRM', group: 'cargo' },
  GTOT_LADEN: { eventType: 'EQUIPMENT', code: 'GTOT', empty: false, group: 'cargo' },
  GTIN_EMPTY: { eventType: 'EQUIPMENT', code: 'GTIN', empty: true, group: 'cargo' },
  BKG_RECE: { eventType: 'SHIPMENT', code: 'RECE', documentType: 'BKG', group: 'documents' },
  BKG_CONF: { eventType: 'SHIPMENT', code: 'CONF', documentType: 'BKG', group: 'documents' },
  SHI_RECE: { eventType: 'SHIPMENT', code: 'RECE', documentType: 'SHI', group: 'documents' },
  VGM_RECE: { eventType: 'SHIPMENT', code: 'RECE', documentType: 'VGM', group: 'documents' },
  TRD_DRFT: { eventType: 'SHIPMENT', code: 'DRFT', documentType: 'TRD', group: 'documents' },
  TRD_ISSU: { eventType: 'SHIPMENT', code: 'ISSU', documentType: 'TRD', group: 'documents' },
} as const satisfies Record<string, KindDef>;

export type MilestoneKind = keyof typeof MILESTONE_KINDS;
/** In the order a journey runs: the glossary lists them so. */
export const KIND_ORDER = Object.keys(MILESTONE_KINDS) as MilestoneKind[];

/** The kinds whose sentences name a place ({{place}}): the documents' do not. */
export const placed = (kind: MilestoneKind) => MILESTONE_KINDS[kind].eventType !== 'SHIPMENT';

/** The kind of a milestone the site has words for, or null. */
export function kindOf(m: Pick<TrackMilestone, 'eventType' | 'code' | 'documentType' | 'empty'>): MilestoneKind | null {
  for (const kind of KIND_ORDER) {
    const def: KindDef = MILESTONE_KINDS[kind];
    if (def.eventType !== m.eventType || def.code !== m.code) continue;
    if (def.empty !== undefined && def.empty !== (m.empty ?? false)) continue;
    if (def.documentType !== undefined && def.documentType !== m.documentType) continue;
    return kind;
  }
  return null;
}

export const labelKey = <K extends MilestoneKind>(kind: K) => `track.ev.${kind}.label` as const;
export const doneKey = <K extends MilestoneKind>(kind: K) => `track.ev.${kind}.done` as const;
export const nextKey = <K extends MilestoneKind>(kind: K) => `track.ev.${kind}.next` as const;
export const aboutKey = <K extends MilestoneKind>(kind: K) => `track.ev.${kind}.about` as const;

/** The DCSA code as the glossary writes it: "GTOT", "BKG RECE" (a document step with its document type). */
export function codeText(kind: MilestoneKind): string {
  const def: KindDef = MILESTONE_KINDS[kind];
  return def.documentType ? `${def.documentType} ${def.code}` : def.code;
}

/** The states of a time (DCSA's classifiers PLN, EST, ACT), in the glossary's order. */
export const TIME_STATES = [
  { state: 'planned', code: 'PLN' },
  { state: 'estimated', code: 'EST' },
  { state: 'actual', code: 'ACT' },
] as const;
