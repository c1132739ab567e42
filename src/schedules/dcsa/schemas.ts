import { z } from 'zod';

/**
 * DCSA Commercial Schedules 1.0.x (version 1.0.4 of the standard), written from its
 * OpenAPI document (dcsaorg/DCSA-OpenAPI, cs/v1/CS_v1.0.4.yaml): the query parameters of the
 * three endpoints and the objects of their answers, as zod schemas. The server validates every
 * query with them, and the conformance test validates real answers. Objects are strict: an
 * answer carries only properties the standard defines.
 */

export const DCSA_VERSION = '1.0.4';
export const DCSA_BASE = '/dcsa/cs/v1';

// ---- shared pieces -------------------------------------------------------------------------

const NonBlank = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^\S(?:.*\S)?$/, 'must not start or end with spaces');
export const UNLocationCode = z
  .string()
  .length(5, 'must be 5 characters')
  .regex(/^[A-Z]{2}[A-Z2-9]{3}$/, 'must be a UN/LOCODE: 2 letters of country and 3 letters or digits 2-9');
const DateTime = z.iso.datetime({ offset: true });
const FacilityTypeCode = z.enum(['BORD', 'CLOC', 'COFS', 'OFFD', 'DEPO', 'INTE', 'POTE', 'PBPL', 'BRTH', 'RAMP', 'WAYP']);
const VoyageReference = z.string().regex(/^\d{2}[0-9A-Z]{2}[NEWSR]$/);
const ServiceReference = z.string().regex(/^SR\d{5}[A-Z]$/);
const CodeListProvider = z.enum(['SMDG', 'NMFTA']);

export const Location = z
  .object({
    locationName: NonBlank(100).optional(),
    facilityName: z.string().max(100).optional(),
    UNLocationCode: UNLocationCode.optional(),
    facility: z
      .object({ facilityCode: NonBlank(6), facilityCodeListProvider: z.enum(['BIC', 'SMDG']) })
      .strict()
      .optional(),
  })
  .strict();

export const TransportCallLocation = z
  .object({
    locationName: NonBlank(100).optional(),
    facilityName: z.string().max(100).optional(),
    UNLocationCode: UNLocationCode.optional(),
    facilitySMDGCode: z.string().max(6).optional(),
  })
  .strict();

export const CUT_OFF_CODES = ['DCO', 'VCO', 'FCO', 'LCO', 'PCO', 'ECP', 'EFC', 'RCO', 'DGC', 'OBC', 'TCO', 'STA', 'SPA', 'CUA', 'AFC'] as const;
export const CutOffTime = z.object({ cutOffDateTimeCode: z.enum(CUT_OFF_CODES), cutOffDateTime: DateTime }).strict();

export const Vessel = z
  .object({
    vesselIMONumber: z
      .string()
      .regex(/^\d{7,8}$/)
      .optional(),
    MMSINumber: z
      .string()
      .regex(/^\d{9}$/)
      .optional(),
    name: NonBlank(50).optional(),
    flag: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    callSign: NonBlank(10).optional(),
    operatorCarrierCode: z.string().max(10).optional(),
    operatorCarrierCodeListProvider: CodeListProvider.optional(),
  })
  .strict();

export const ServicePartner = z
  .object({
    carrierCode: z.string().max(4).regex(/^\S+$/).optional(),
    carrierCodeListProvider: CodeListProvider.optional(),
    carrierServiceName: NonBlank(50).optional(),
    carrierServiceCode: NonBlank(11).optional(),
    carrierImportVoyageNumber: NonBlank(50).optional(),
    carrierExportVoyageNumber: NonBlank(50).optional(),
  })
  .strict();

export const ServicePartnerSchedule = ServicePartner.required({ carrierServiceName: true, carrierServiceCode: true, carrierImportVoyageNumber: true, carrierExportVoyageNumber: true });

const Footprint = z.object({ co2: z.number().optional(), co2e: z.number().optional(), sox: z.number().optional(), nox: z.number().optional(), pm10: z.number().optional() }).strict();

// ---- point to point ------------------------------------------------------------------------

const Place = z.object({ facilityTypeCode: FacilityTypeCode, location: Location, dateTime: DateTime }).strict();
const PlaceOfCall = Place.extend({ transportCallReference: z.string().max(100).optional() }).strict();

export const VesselTransport = z
  .object({
    modeOfTransport: z.literal('VESSEL'),
    portVisitReference: z.string().max(50).optional(),
    servicePartners: z.array(ServicePartner).optional(),
    universalServiceReference: ServiceReference.optional(),
    universalExportVoyageReference: VoyageReference.optional(),
    universalImportVoyageReference: VoyageReference.optional(),
    vessel: Vessel.optional(),
  })
  .strict();

export const IntermediateCall = z
  .object({
    transportCallReference: z.string().max(100).optional(),
    facilityTypeCode: FacilityTypeCode.optional(),
    location: Location,
    arrivalDateTime: DateTime.optional(),
    departureDateTime: DateTime.optional(),
  })
  .strict();

export const Leg = z
  .object({
    sequenceNumber: z.number().int().optional(),
    transport: VesselTransport.optional(),
    departure: PlaceOfCall,
    intermediateCalls: z.array(IntermediateCall).optional(),
    arrival: PlaceOfCall,
    footprint: Footprint.optional(),
    cutOffTimes: z.array(CutOffTime).optional(),
  })
  .strict();

const ServiceType = z.enum(['CY', 'SD', 'CFS']);

export const PointToPoint = z
  .object({
    placeOfReceipt: Place,
    placeOfDelivery: Place,
    receiptTypeAtOrigin: ServiceType.optional(),
    deliveryTypeAtDestination: ServiceType.optional(),
    cutOffTimes: z.array(CutOffTime).optional(),
    solutionNumber: z.number().int().min(1).optional(),
    routingReference: NonBlank(5000).optional(),
    transitTime: z.number().int().optional(),
    solutionFootprint: Footprint.optional(),
    legs: z.array(Leg).min(1),
  })
  .strict();
export type PointToPoint = z.infer<typeof PointToPoint>;

// ---- port schedules --------------------------------------------------------------------------

export const Timestamp = z.object({ eventTypeCode: z.enum(['ARRI', 'DEPA']), eventClassifierCode: z.enum(['PLN', 'EST', 'ACT']), eventDateTime: DateTime }).strict();

export const Schedule = z
  .object({
    universalServiceReference: ServiceReference.optional(),
    servicePartners: z.array(ServicePartnerSchedule).min(1),
    vessel: Vessel.optional(),
    isDummyVessel: z.boolean(),
    universalImportVoyageReference: VoyageReference.optional(),
    universalExportVoyageReference: VoyageReference.optional(),
    timestamps: z.array(Timestamp).min(1),
    cutOffTimes: z.array(CutOffTime).optional(),
  })
  .strict();

export const PortSchedule = z
  .object({
    location: z
      .object({ locationName: NonBlank(100).optional(), facilityName: z.string().max(100).optional(), UNLocationCode: UNLocationCode.optional(), facilitySMDGCode: z.string().max(6).optional() })
      .strict(),
    vesselSchedules: z.array(Schedule).optional(),
  })
  .strict();
export type PortSchedule = z.infer<typeof PortSchedule>;

// ---- vessel schedules ------------------------------------------------------------------------

export const TransportCall = z
  .object({
    portVisitReference: z.string().max(50).optional(),
    transportCallReference: z.string().max(100),
    carrierImportVoyageNumber: NonBlank(50),
    carrierExportVoyageNumber: NonBlank(50).optional(),
    universalImportVoyageReference: VoyageReference.optional(),
    universalExportVoyageReference: VoyageReference.optional(),
    cutOffTimes: z.array(CutOffTime).optional(),
    location: TransportCallLocation.optional(),
    isCargoOperationalCall: z.boolean().optional(),
    timestamps: z.array(Timestamp).min(1),
  })
  .strict();

export const VesselSchedule = z.object({ vessel: Vessel.optional(), isDummyVessel: z.boolean(), transportCalls: z.array(TransportCall).optional() }).strict();

export const ServiceSchedule = z
  .object({ carrierServiceName: NonBlank(50), carrierServiceCode: NonBlank(11), universalServiceReference: ServiceReference.optional(), vesselSchedules: z.array(VesselSchedule).min(1) })
  .strict();
export type ServiceSchedule = z.infer<typeof ServiceSchedule>;

// ---- errors ----------------------------------------------------------------------------------

export const DetailedError = z
  .object({
    errorCode: z.number().int().min(7000).max(9999).optional(),
    property: z.string().max(100).optional(),
    value: z.string().max(500).optional(),
    jsonPath: z.string().max(500).optional(),
    errorCodeText: z.string().max(100),
    errorCodeMessage: z.string().max(5000),
  })
  .strict();
export type DetailedError = z.infer<typeof DetailedError>;

export const ErrorResponse = z
  .object({
    httpMethod: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTION', 'PATCH']),
    requestUri: z.string(),
    statusCode: z.number().int(),
    statusCodeText: z.string().max(50),
    statusCodeMessage: z.string().max(200).optional(),
    providerCorrelationReference: z.string().max(100).optional(),
    errorDateTime: DateTime,
    errors: z.array(DetailedError).min(1),
  })
  .strict();
export type ErrorResponse = z.infer<typeof ErrorResponse>;

// ---- queries ---------------------------------------------------------------------------------

export const LIMIT_MAX = 1000;
const IsoDate = z.iso.date('must be a date as YYYY-MM-DD');
const Limit = z.coerce
  .number('must be a whole number from 1 to 1000')
  .int('must be a whole number from 1 to 1000')
  .min(1, 'must be at least 1')
  .max(LIMIT_MAX, `must be at most ${LIMIT_MAX}`)
  .default(100);
const Cursor = z.string().max(1024, 'must be at most 1024 characters').optional();

export const PointToPointQuery = z
  .object({
    placeOfReceipt: UNLocationCode,
    placeOfDelivery: UNLocationCode,
    departureStartDate: IsoDate.optional(),
    departureEndDate: IsoDate.optional(),
    arrivalStartDate: IsoDate.optional(),
    arrivalEndDate: IsoDate.optional(),
    maxTranshipment: z.coerce.number('must be a whole number of 0 or more').int('must be a whole number of 0 or more').min(0, 'must be 0 or more').optional(),
    receiptTypeAtOrigin: ServiceType.optional(),
    deliveryTypeAtDestination: ServiceType.optional(),
    cargoType: z.enum(['DRY', 'REEFER'], 'must be DRY or REEFER').default('DRY'),
    /** Not in the standard: the cargo's weight in tonnes for solutionFootprint (default one TEU, 10 t). */
    cargoGrossWeight: z.coerce.number('must be a number of tonnes').positive('must be above 0').max(30_000, 'must be at most 30000').optional(),
    limit: Limit,
    cursor: Cursor,
  })
  .strict();

export const PortSchedulesQuery = z.object({ UNLocationCode, date: IsoDate, limit: Limit, cursor: Cursor }).strict();

export const VesselSchedulesQuery = z
  .object({
    vesselIMONumber: z
      .string()
      .regex(/^\d{7,8}$/, 'must be an IMO number of 7 or 8 digits')
      .optional(),
    vesselName: NonBlank(50).optional(),
    carrierServiceCode: z.string().max(11, 'must be at most 11 characters').optional(),
    universalServiceReference: z
      .string()
      .regex(/^SR\d{5}[A-Z]$/, 'must be SR, 5 digits and a capital letter')
      .optional(),
    carrierVoyageNumber: z.string().max(50, 'must be at most 50 characters').optional(),
    universalVoyageReference: z
      .string()
      .regex(/^\d{2}[0-9A-Z]{2}[NEWSR]$/, 'must be 2 digits, 2 digits or capitals and N, E, W, S or R')
      .optional(),
    UNLocationCode: UNLocationCode.optional(),
    facilitySMDGCode: z.string().max(6, 'must be at most 6 characters').optional(),
    vesselOperatorCarrierCode: z.string().max(10, 'must be at most 10 characters').optional(),
    startDate: IsoDate.optional(),
    endDate: IsoDate.optional(),
    responseScope: z.enum(['FULL_VOYAGE', 'MATCHED_CALLS'], 'must be FULL_VOYAGE or MATCHED_CALLS').default('FULL_VOYAGE'),
    limit: Limit,
    cursor: Cursor,
  })
  .strict();

export const VESSEL_FILTERS = [
  'vesselIMONumber',
  'vesselName',
  'carrierServiceCode',
  'universalServiceReference',
  'carrierVoyageNumber',
  'universalVoyageReference',
  'UNLocationCode',
  'facilitySMDGCode',
  'vesselOperatorCarrierCode',
] as const;
