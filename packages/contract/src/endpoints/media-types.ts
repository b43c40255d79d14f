/** The downloads of a table (participants, transactions), by format. */
export const TABLE_MEDIA_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;

/** The files a participant may upload as an answer (UPLOAD_RULES.RegistrationAnswer's kinds). */
export const ANSWER_FILE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
