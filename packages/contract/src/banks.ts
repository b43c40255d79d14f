import { z } from 'zod';
import { envelope } from './schemas/common.js';

/**
 * Indonesian banks that receive withdrawals, with their Bank Indonesia clearing codes (sandi
 * bank, 3 digits), shipped as data (`GET /v1/banks`). Sorted by name for the picker; the big
 * four and the common digital banks are all here.
 */
export const BANKS = [
  { code: '494', name: 'Bank Raya Indonesia' },
  { code: '567', name: 'Allo Bank' },
  { code: '037', name: 'Bank Artha Graha Internasional' },
  { code: '014', name: 'BCA (Bank Central Asia)' },
  { code: '536', name: 'BCA Syariah' },
  { code: '501', name: 'blu by BCA Digital' },
  { code: '009', name: 'BNI (Bank Negara Indonesia)' },
  { code: '002', name: 'BRI (Bank Rakyat Indonesia)' },
  { code: '451', name: 'BSI (Bank Syariah Indonesia)' },
  { code: '200', name: 'BTN (Bank Tabungan Negara)' },
  { code: '213', name: 'BTPN (SMBC Indonesia)' },
  { code: '547', name: 'BTPN Syariah' },
  { code: '022', name: 'CIMB Niaga' },
  { code: '031', name: 'Citibank' },
  { code: '011', name: 'Danamon' },
  { code: '046', name: 'DBS Indonesia' },
  { code: '087', name: 'HSBC Indonesia' },
  { code: '542', name: 'Bank Jago' },
  { code: '110', name: 'Bank BJB' },
  { code: '111', name: 'Bank DKI' },
  { code: '114', name: 'Bank Jatim' },
  { code: '113', name: 'Bank Jateng' },
  { code: '112', name: 'BPD DIY' },
  { code: '129', name: 'BPD Bali' },
  { code: '117', name: 'Bank Sumut' },
  { code: '118', name: 'Bank Nagari' },
  { code: '119', name: 'Bank Riau Kepri Syariah' },
  { code: '120', name: 'Bank Sumsel Babel' },
  { code: '121', name: 'Bank Lampung' },
  { code: '122', name: 'Bank Kalsel' },
  { code: '123', name: 'Bank Kalbar' },
  { code: '124', name: 'Bank Kaltimtara' },
  { code: '126', name: 'Bank Sulselbar' },
  { code: '128', name: 'Bank NTB Syariah' },
  { code: '132', name: 'Bank Papua' },
  { code: '441', name: 'KB Bank (Bukopin)' },
  { code: '484', name: 'KEB Hana Bank' },
  { code: '008', name: 'Mandiri' },
  { code: '016', name: 'Maybank Indonesia' },
  { code: '097', name: 'Bank Mayapada' },
  { code: '426', name: 'Bank Mega' },
  { code: '506', name: 'Bank Mega Syariah' },
  { code: '147', name: 'Bank Muamalat' },
  { code: '490', name: 'Bank Neo Commerce' },
  { code: '028', name: 'OCBC NISP' },
  { code: '019', name: 'Panin Bank' },
  { code: '013', name: 'Permata Bank' },
  { code: '167', name: 'QNB Indonesia' },
  { code: '535', name: 'SeaBank Indonesia' },
  { code: '153', name: 'Bank Sinarmas' },
  { code: '023', name: 'UOB Indonesia' },
  { code: '212', name: 'Bank Woori Saudara' },
] as const;
export type BankCode = (typeof BANKS)[number]['code'];

export const bankName = (code: string | null | undefined) => BANKS.find((b) => b.code === code)?.name ?? null;

export const bankSchema = z.object({ code: z.string(), name: z.string() });
/** Spec section 7: `GET /v1/banks` answers `data.docs`. */
export const bankListResponseSchema = envelope(z.object({ docs: z.array(bankSchema) }));
