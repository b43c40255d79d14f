// The form's texts, rules and call address, from zod-free contract modules only the public pages
// use: the script shares no chunk with the dashboard.
export {
  ATTENDANCE_ADDRESS, EVALUATION_ADDRESS, EVALUATION_AFTER_ATTR, EVALUATION_MSG, EVALUATION_PAGE_TEXT, evaluationAnswerIssues, ATTENDANCE_TEXT, CANCEL_TEXT, eTicketPath, normalAttendanceCode, OFFER_TEXT, SEATS_PUBLIC_ADDRESS,
} from '@eo/contract';
