// The form's texts, call addresses and rules, from modules of the contract that only the public
// pages use (no zod, no dashboard messages): the script shares no chunk with the dashboard.
export {
  embedTicketPath, eTicketPath, PROOF_OF_WORK, TRACKING_REF_PARAM, PROOF_OF_WORK_ADDRESS, PROOF_OF_WORK_MSG, PUBLIC_FORM_TEXT, PUBLIC_PHONE_PATTERN, PUBLIC_REGISTRATION_ADDRESS,
  PUBLIC_RESEND_TEXT, SEATS_PAGE_TEXT, SEATS_PUBLIC_ADDRESS,
} from '@eo/contract';
