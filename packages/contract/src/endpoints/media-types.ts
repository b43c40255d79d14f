/** The downloads of a table (participants, transactions), by format. */
export const TABLE_MEDIA_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;
