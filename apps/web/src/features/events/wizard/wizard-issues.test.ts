import { describe, expect, it } from 'vitest';
import { formIssues, stepFieldsWithIssues, stepOf } from './wizard-issues';
import { SEATS_MSG, type EventDetail } from '@eo/contract';
import { emptyValues, fromDetail, toPayload, type WizardValues } from './wizard-values';

const TODAY = { today: '2026-11-21' };

function complete(): WizardValues {
  return {
    ...emptyValues(),
    name: 'Lomba Esai Nasional', imageUrl: '/files/2026/11/p.png', type: 'Lomba',
    subCategory: 'Esai', competitionFields: ['Sastra'],
    eventOrganizer: {
      name: 'Komunitas Literasi', email: 'eo@literasi.id', confirmEmail: 'eo@literasi.id', contacts: ['whatsapp'],
      phoneNational: '81234567890', instagramProfileUrl: '', organizationLogoUrl: null,
    },
    isPaidEvent: false, allowRegister: true, registrationMethod: 'internal',
    tickets: [{
      name: 'Umum', originalQuotaType: 'unlimited', originalQuota: -1, type: 'free', price: 0, maxTicketPerUser: -1,
      dates: [{ date: '2026-12-10', startHour: '09:00', endHour: '12:00' }], registrationDeadline: { date: '2026-12-09', hour: '23:00' },
      registrationSteps: [], requiresApproval: false, waitlist: false, accessCode: null,
    }],
    experience: 'online', eventStreamQuestion: true, eventStreamLink: 'https://meet.example.org/x',
    description: 'Kompetisi esai.', benefits: ['__FREE_CERTIFICATE__'], eligibilities: ['__HIGH_SCHOOL__'], agreement: true,
  };
}

describe('wizard values ↔ payload', () => {
  it('builds the API payload: sub-category and competition fields as subTypes, WhatsApp with 62', () => {
    const p = toPayload({ ...complete(), subCategory: 'Lainnya', subCategoryOther: 'Robotik', competitionFields: ['Sastra', 'Lainnya'], competitionOther: 'Seni Rupa' });
    expect(p.subTypes).toEqual(['subCat_O_Robotik', 'fieldComp_Sastra', 'fieldComp_O_Seni Rupa']);
    expect(p.competitionField).toEqual(['Sastra', 'Lainnya']);
    expect(p.fieldDesc).toBe('Seni Rupa');
    expect(p.eventOrganizer?.phoneNumber).toBe('6281234567890');
    expect(p.twibbon).toBeNull();
  });

  it('reads a stored event back into the same form values', () => {
    const v = { ...complete(), subCategory: 'Lainnya', subCategoryOther: 'Robotik' };
    const p = toPayload(v);
    // The payload stands in for the stored event: fromDetail reads the fields they share.
    const back = fromDetail({ ...p, eventOrganizer: { ...p.eventOrganizer } } as unknown as EventDetail);
    expect(back.subCategory).toBe('Lainnya');
    expect(back.subCategoryOther).toBe('Robotik');
    expect(back.competitionFields).toEqual(['Sastra']);
    expect(back.eventOrganizer.phoneNational).toBe('81234567890');
    expect(back.eventOrganizer.confirmEmail).toBe('eo@literasi.id');
    expect(back.eventOrganizer.contacts).toEqual(['whatsapp']);
  });
});

describe('formIssues (the contract rules, under the fields that ask for them)', () => {
  it('finds nothing wrong with a complete event', () => {
    expect([...formIssues(complete(), TODAY)]).toEqual([]);
  });

  it('gives each empty step its own messages', () => {
    const issues = formIssues(emptyValues(), TODAY);
    expect(issues.get('name')).toEqual(['Missing event name']);
    expect(issues.get('imageUrl')).toEqual(['Missing event image']);
    expect(issues.get('type')).toEqual(['Missing event category']);
    expect(issues.get('eventOrganizer.contacts')).toEqual(['Missing contact detail']);
    expect(issues.get('isPaidEvent')).toEqual(['Missing event type']);
    expect(issues.get('allowRegister')).toEqual(['Missing allow registration answer']);
    expect(issues.get('experience')).toEqual(['Missing event location type']);
    expect(issues.get('description')).toEqual(['Missing event description']);
    expect(issues.get('agreement')).toEqual(['You have to agree to the terms and conditions']);
    expect(stepFieldsWithIssues(issues, 'twibbon')).toEqual([]);
  });

  it('puts custom-text and contact problems under the inputs the organizer typed in', () => {
    const v = complete();
    v.type = 'Lainnya';
    v.eventOrganizer.phoneNational = '0812';
    v.eventOrganizer.confirmEmail = 'other@literasi.id';
    const issues = formIssues(v, TODAY);
    expect(issues.get('typeDesc')).toEqual(['Missing event category']);
    expect(issues.get('eventOrganizer.phoneNational')).toEqual(['Please input your event organizer Whatsapp number correctly!']);
    expect(issues.get('eventOrganizer.confirmEmail')).toEqual(['Email does not match']);
  });

  it('maps every field to its step', () => {
    expect(stepOf('eventOrganizer.phoneNational')).toBe('general');
    expect(stepOf('tickets')).toBe('registration');
    expect(stepOf('eventStreamLink')).toBe('location');
    expect(stepOf('additionalBenefit.0')).toBe('details');
    expect(stepOf('twibbon.guide.0')).toBe('twibbon');
  });

  it('asks for the twibbon fields only when a twibbon is required', () => {
    const issues = formIssues({ ...complete(), twibbonRequired: true }, TODAY);
    expect(issues.get('twibbon.templateUrl')).toEqual(['Twibbon template is required']);
    expect(issues.get('twibbon.customKey')).toEqual(['Custom key is required']);
    expect(issues.get('twibbon.caption')).toEqual(['Caption twibbon is required']);
    expect(issues.get('twibbon.guide')).toEqual(['Twibbon Guideline is required']);
  });

  it('flags a ticket that breaks a rule on the participant categories', () => {
    const v = complete();
    v.tickets[0].registrationDeadline = { date: '2026-12-11', hour: '10:00' };
    expect(formIssues(v, TODAY).get('tickets')).toEqual(['Registration deadline must be set before last event date']);
  });

  it('puts a cancellation deadline after the first start under its own field, on the registration step', () => {
    const late = { ...complete(), cancellationDeadline: '2026-12-10T03:00:00.000Z' };
    expect(formIssues(late, TODAY).get('cancellationDeadline')).toEqual([SEATS_MSG.cancellationAfterStart]);
    expect(stepOf('cancellationDeadline')).toBe('registration');
    expect(formIssues({ ...late, cancellationDeadline: '2026-12-10T01:59:00.000Z' }, TODAY).size).toBe(0);
  });

  it('sends a cancellation deadline only with internal registration', () => {
    const v = { ...complete(), cancellationDeadline: '2026-12-09T11:00:00.000Z' };
    expect(toPayload(v).cancellationDeadline).toBe('2026-12-09T11:00:00.000Z');
    expect(toPayload({ ...v, registrationMethod: 'external', registrationUrl: 'https://daftar.example.org' }).cancellationDeadline).toBeNull();
  });
});
