import type { EventDetail } from '@eo/contract';

/** A whole event detail answer (the contract's schema), empty where a test does not care. */
export function eventDetailFixture(over: Partial<EventDetail> = {}): EventDetail {
  return {
    id: 'e1', name: '', tag: null, type: null, typeDesc: null, subType: null, subTypeDesc: null, subTypes: [],
    competitionField: [], fieldDesc: null, description: null, imageUrl: null, isPaidEvent: false, isDraft: false,
    isOfficial: false, approvedStatus: 'pending', allowRegister: null, registrationMethod: null, registrationUrl: null,
    experience: null, eventStreamQuestion: null, eventStreamLink: null, location: null, locationNotes: null,
    eventCoordinateLat: null, eventCoordinateLong: null, benefits: [], additionalBenefit: [], eligibilities: [],
    additionalEligibility: [], stepsToRegister: [], additionalStepsToRegister: [], afterRegistSteps: [],
    additionalAfterRegistSteps: [], whatsAppGroupLink: null, agreement: false, twibbonRequired: false, cancellationDeadline: null,
    twibbonCustomKey: null, twibbon: null,
    eventOrganizer: {
      name: null, email: null, phoneNumber: null, phoneNumberExist: false,
      instagramProfileUrl: null, instagramProfileExist: false, organizationLogoUrl: null,
    },
    creatorProfile: { name: '' }, registrationSteps: [], tickets: [], sessions: [],
    firstEventAt: null, lastEventAt: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', deletedAt: null, revision: null,
    ...over,
  };
}
