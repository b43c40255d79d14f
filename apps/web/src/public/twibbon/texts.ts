// The maker's texts and its call addresses, from modules of the contract that only this page
// uses (no zod, no dashboard messages): the public script shares no chunk with the dashboard.
export { PUBLIC_TWIBBON_ADDRESS, PUBLIC_TWIBBON_TEXT, twibbonFileName } from '@eo/contract';
