/** Roles that may use the dashboard (spec section 6). */
export const DASHBOARD_ROLES = ['globalAdmin', 'eventOrganizer'] as const;
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];
export const ROLE_NAMES = [...DASHBOARD_ROLES, 'participant'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const PLATFORM_EO_DASHBOARD = 'eo_dashboard';

/** Stored event types (spec section 3, Enumerations). */
export const EVENT_TYPES = [
  'Webinar', 'Seminar', 'Lomba', 'Beasiswa', 'Volunteer', 'Paper', 'Pertukaran Pelajar',
  'Pertunjukan', 'Kelas', 'Magang', 'Lainnya',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const REGISTRATION_METHODS = ['internal', 'external', 'none'] as const;
export type RegistrationMethod = (typeof REGISTRATION_METHODS)[number];

export const APPROVED_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovedStatus = (typeof APPROVED_STATUSES)[number];

export const EXPERIENCES = ['online', 'offline'] as const;

export const QUOTA_TYPES = ['unlimited', 'limited'] as const;
export const TICKET_TYPES = ['free', 'paid'] as const;
export const EVENT_TIME_TYPES = ['Single Time', 'Custom Time'] as const;

export const QUESTION_TYPES = ['text', 'paragraph', 'checkbox', 'radio', 'image', 'file'] as const;

export const TRANSACTION_STATUSES = ['confirmed', 'refund'] as const;
/**
 * A registration's state (API.md, Seats). Only `confirmed` holds a seat and is checked in,
 * messaged, counted as a participant or given a certificate.
 */
export const REGISTRANT_STATUSES = ['confirmed', 'pending', 'declined', 'cancelled', 'refunded'] as const;
export type RegistrantStatus = (typeof REGISTRANT_STATUSES)[number];
/** A waiting-list place (API.md, Seats): waiting, offered a seat, then accepted, expired or removed. */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'accepted', 'expired', 'removed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** Hours a waiting-list offer holds its seat. */
export const WAITLIST_OFFER_HOURS = 24;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Registrant profile values the participant app collects (insight pie charts). */
export const EDUCATION_LEVELS = ['SMP', 'SMA/SMK', 'D3', 'S1', 'S2', 'S3'] as const;
export const GENDERS = ['Laki-laki', 'Perempuan'] as const;

/** Event groups of spec section 4. */
export const EVENT_GROUPS = ['active', 'draft', 'passed'] as const;
export type EventGroup = (typeof EVENT_GROUPS)[number];
