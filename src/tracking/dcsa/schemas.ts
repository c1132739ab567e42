import { z } from 'zod';

/**
 * DCSA Track & Trace 2.2.0, written from its OpenAPI documents (dcsaorg/DCSA-OpenAPI,
 * tnt/v2/TNT_v2.2.0.yaml and the resolved tnt/v2/test/tnt_v2.2.0.yaml, kept unchanged as
 * tests/fixtures/dcsa/tnt_v2.2.0-resolved.yaml): the three event kinds, the subscription
 * bodies, the query of GET /v2/events and the error body, as zod schemas and types.
 *
 * Events coming in (callbacks, polls) are parsed with these schemas: the properties the site
 * uses are checked, others (deprecated ones, a provider's additions) are kept as they came, since
 * the event is stored and served again as it was received. The tests check every event and answer
 * the reference provider writes against the official resolved document itself (Ajv).
 *
 * One erratum of the published document: `documentReferences[].documentReferenceType` is an enum of
 * "BKG (Booking)" and "TRD (Transport Document)" (description and code run together). The
 * provider writes those values, as the schema says, and the site reads them and the plain codes.
 */

export const TNT_VERSION = '2.2.0';
/** Where the site serves its store read-only, beside the schedules API (/dcsa/cs/v1). */
export const TNT_BASE = '/dcsa/tnt/v2';
/** Where providers push events to the site (the callbackUrl of the site's subscription). */
export const TNT_CALLBACK_PATH = `${TNT_BASE}/notifications`;

export const EVENT_TYPES = ['SHIPMENT', 'TRANSPORT', 'EQUIPMENT'] as const;
export const CLASSIFIERS = ['PLN', 'EST', 'ACT'] as const;
export const SHIPMENT_EVENT_TYPE_CODES = ['RECE', 'DRFT', 'PENA', 'PENU', 'REJE', 'APPR', 'ISSU', 'SURR', 'SUBM', 'VOID', 'CONF', 'REQS', 'CMPL', 'HOLD', 'RELS'] as const;
export const DOCUMENT_TYPE_CODES = ['CBR', 'BKG', 'SHI', 'SRM', 'TRD', 'ARN', 'VGM', 'CAS', 'CUS', 'DGD', 'OOG'] as const;
export const TRANSPORT_EVENT_TYPE_CODES = ['ARRI', 'DEPA'] as const;
export const EQUIPMENT_EVENT_TYPE_CODES = ['LOAD', 'DISC', 'GTIN', 'GTOT', 'STUF', 'STRP', 'PICK', 'DROP', 'INSP', 'RSEA', 'RMVD'] as const;
export const MODES_OF_TRANSPORT = ['VESSEL', 'RAIL', 'TRUCK', 'BARGE'] as const;
/** The document reference types as the resolved document spells them (see the erratum above). */
export const DOCUMENT_REFERENCE_TYPES = { BKG: 'BKG (Booking)', TRD: 'TRD (Transport Document)' } as const;

export type EventType = (typeof EVENT_TYPES)[number];
export type Classifier = (typeof CLASSIFIERS)[number];
export type ShipmentEventTypeCode = (typeof SHIPMENT_EVENT_TYPE_CODES)[number];
export type DocumentTypeCode = (typeof DOCUMENT_TYPE_CODES)[number];
export type TransportEventTypeCode = (typeof TRANSPORT_EVENT_TYPE_CODES)[number];
export type EquipmentEventTypeCode = (typeof EQUIPMENT_EVENT_TYPE_CODES)[number];

const DateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with its offset' });
const Uuid = z.uuid('must be a UUID');
export const UNLocationCode = z.string().regex(/^[A-Z]{2}[A-Z2-9]{3}$/, 'must be a UN/LOCODE such as CNSHA');

export const Vessel = z.looseObject({
  vesselIMONumber: z.string().max(7),
  vesselName: z.string().max(35).optional(),
  vesselFlag: z.string().max(2).optional(),
  vesselCallSignNumber: z.string().max(10).optional(),
  vesselOperatorCarrierCode: z.string().max(10).optional(),
  vesselOperatorCarrierCodeListProvider: z.enum(['SMDG', 'NMFTA']).optional(),
});

export const Location = z.looseObject({
  locationName: z.string().max(100).optional(),
  latitude: z.string().max(10).optional(),
  longitude: z.string().max(11).optional(),
  UNLocationCode: z.string().max(5).optional(),
  facilityCode: z.string().max(6).optional(),
  facilityCodeListProvider: z.enum(['BIC', 'SMDG']).optional(),
});

export const TransportCall = z.looseObject({
  transportCallID: z.string().max(100),
  carrierServiceCode: z.string().max(5).optional(),
  exportVoyageNumber: z.string().max(50).optional(),
  importVoyageNumber: z.string().max(50).optional(),
  transportCallSequenceNumber: z.number().int().optional(),
  UNLocationCode: z.string().max(5).optional(),
  facilityCode: z.string().max(6).optional(),
  facilityCodeListProvider: z.enum(['BIC', 'SMDG']).optional(),
  facilityTypeCode: z.enum(['BOCR', 'CLOC', 'COFS', 'COYA', 'OFFD', 'DEPO', 'INTE', 'POTE', 'RAMP']).optional(),
  otherFacility: z.string().max(50).optional(),
  modeOfTransport: z.enum(MODES_OF_TRANSPORT),
  location: Location.optional(),
  vessel: Vessel.optional(),
});

export const DocumentReference = z.looseObject({
  documentReferenceType: z.string(),
  documentReferenceValue: z.string(),
});

export const Reference = z.looseObject({ referenceType: z.enum(['FF', 'SI', 'PO', 'CR', 'AAO', 'EQ']), referenceValue: z.string().max(100) });

const baseEvent = {
  eventID: Uuid,
  eventCreatedDateTime: DateTime,
  eventDateTime: DateTime,
  eventClassifierCode: z.enum(CLASSIFIERS),
};

export const TransportEvent = z.looseObject({
  ...baseEvent,
  eventType: z.literal('TRANSPORT'),
  transportEventTypeCode: z.enum(TRANSPORT_EVENT_TYPE_CODES),
  delayReasonCode: z.string().max(3).optional(),
  changeRemark: z.string().max(250).optional(),
  transportCall: TransportCall,
  documentReferences: z.array(DocumentReference).optional(),
  references: z.array(Reference).optional(),
});

export const ShipmentEvent = z.looseObject({
  ...baseEvent,
  eventType: z.literal('SHIPMENT'),
  shipmentEventTypeCode: z.enum(SHIPMENT_EVENT_TYPE_CODES),
  documentID: z.string().min(1),
  documentTypeCode: z.enum(DOCUMENT_TYPE_CODES),
  reason: z.string().optional(),
  references: z.array(Reference).optional(),
});

export const EquipmentEvent = z.looseObject({
  ...baseEvent,
  eventType: z.literal('EQUIPMENT'),
  equipmentEventTypeCode: z.enum(EQUIPMENT_EVENT_TYPE_CODES),
  equipmentReference: z.string().max(15).optional(),
  ISOEquipmentCode: z.string().max(4).optional(),
  emptyIndicatorCode: z.enum(['EMPTY', 'LADEN']),
  eventLocation: Location.optional(),
  transportCall: TransportCall.optional(),
  documentReferences: z.array(DocumentReference).optional(),
  references: z.array(Reference).optional(),
  seals: z.array(z.looseObject({ sealNumber: z.string().max(15), sealSource: z.enum(['CAR', 'SHI', 'PHY', 'VET', 'CUS']).optional(), sealType: z.enum(['KLP', 'BLT', 'WIR']) })).optional(),
});

export const Event = z.discriminatedUnion('eventType', [TransportEvent, ShipmentEvent, EquipmentEvent]);
export type TransportEvent = z.infer<typeof TransportEvent>;
export type ShipmentEvent = z.infer<typeof ShipmentEvent>;
export type EquipmentEvent = z.infer<typeof EquipmentEvent>;
export type Event = z.infer<typeof Event>;

/** POST /v2/event-subscriptions: the filters, the callback and the secret. */
export const SubscriptionBody = z
  .object({
    callbackUrl: z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }).max(2000),
    eventType: z.array(z.enum(EVENT_TYPES)).optional(),
    shipmentEventTypeCode: z.array(z.enum(SHIPMENT_EVENT_TYPE_CODES)).optional(),
    documentTypeCode: z.array(z.enum(DOCUMENT_TYPE_CODES)).optional(),
    carrierBookingReference: z.string().max(35).optional(),
    transportDocumentReference: z.string().max(20).optional(),
    transportEventTypeCode: z.array(z.enum(TRANSPORT_EVENT_TYPE_CODES)).optional(),
    transportCallID: z.string().max(100).optional(),
    vesselIMONumber: z.string().max(7).optional(),
    exportVoyageNumber: z.string().max(50).optional(),
    carrierServiceCode: z.string().max(5).optional(),
    UNLocationCode: z.string().max(5).optional(),
    equipmentEventTypeCode: z.array(z.enum(EQUIPMENT_EVENT_TYPE_CODES)).optional(),
    equipmentReference: z.string().max(15).optional(),
  })
  .strict();
export const SubscriptionBodyWithSecret = SubscriptionBody.extend({ secret: z.base64('must be base64').min(1) }).strict();
export const Subscription = SubscriptionBody.extend({ subscriptionID: Uuid }).strict();
export type SubscriptionBody = z.infer<typeof SubscriptionBody>;
export type Subscription = z.infer<typeof Subscription>;

export interface ErrorResponse {
  httpMethod: string;
  requestUri: string;
  statusCode: number;
  statusCodeText: string;
  errorDateTime: string;
  errors: { reason: string; message: string }[];
}

/** The keys of a booking and a bill of lading in an event's documentReferences, in either spelling. */
export function documentReferenceKind(type: string): 'BKG' | 'TRD' | undefined {
  const code = type.trim().slice(0, 3);
  return code === 'BKG' || code === 'TRD' ? code : undefined;
}
