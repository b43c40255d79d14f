/**
 * Upload rules of spec sections 5 and 9, by `docType`: the accepted content types (sniffed
 * from the bytes by the server), the size limit and the shape. The web app checks the same
 * table before sending; the server decides.
 */
export const MB = 1024 * 1024;

export type UploadKind = 'png' | 'jpeg' | 'csv';
export interface UploadRule {
  kinds: UploadKind[];
  maxBytes: number;
  /** The `{n}` of `Maximum file size is {n}MB`. */
  maxLabel: number;
  /** Width:height, within 1 %. */
  ratio?: [number, number];
  /** Wider than high. */
  landscape?: boolean;
  /** Only the owner may read it back (personal data). */
  private?: boolean;
}

export const IMAGE_DOC_TYPES = ['EventImage', 'Others', 'OrganizationLogo', 'TwibbonTemplate', 'TwibbonPoster'] as const;
export const FILE_DOC_TYPES = ['CSV', 'CertificateTemplate'] as const;
export type ImageDocType = (typeof IMAGE_DOC_TYPES)[number];
export type FileDocType = (typeof FILE_DOC_TYPES)[number];
export type DocType = ImageDocType | FileDocType;

export const UPLOAD_RULES: Record<DocType, UploadRule> = {
  EventImage: { kinds: ['jpeg', 'png'], maxBytes: 3 * MB, maxLabel: 3, ratio: [4, 5] },
  OrganizationLogo: { kinds: ['jpeg', 'png'], maxBytes: 5 * MB, maxLabel: 5 },
  TwibbonTemplate: { kinds: ['png'], maxBytes: 5_000_000, maxLabel: 5, ratio: [1, 1] },
  TwibbonPoster: { kinds: ['jpeg', 'png'], maxBytes: 5 * MB, maxLabel: 5, ratio: [1, 1] },
  Others: { kinds: ['jpeg', 'png'], maxBytes: 5_000_000, maxLabel: 5 },
  CertificateTemplate: { kinds: ['jpeg', 'png'], maxBytes: 5_000_000, maxLabel: 5, landscape: true },
  CSV: { kinds: ['csv'], maxBytes: 20 * MB, maxLabel: 20, private: true },
};

/** The largest file any rule accepts: the multipart limit, so bigger bodies stop early. */
export const UPLOAD_MAX_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

export const UPLOAD_MSG = {
  wrongType: 'File tipe salah! Tolong upload file yang berkaitan',
  tooBig: 'Maximum file size is {n}MB',
  poster: 'Dimensi poster harus 4:5',
  square: 'Dimensi gambar harus 1:1',
  horizontal: 'Template must be horizontal',
  failed: 'An error occured when uploading',
  missingFile: 'Missing file',
} as const;

/** The shape message a rule's ratio gives. */
export const ratioMessage = (rule: UploadRule) =>
  rule.landscape ? UPLOAD_MSG.horizontal : rule.ratio?.[0] === rule.ratio?.[1] ? UPLOAD_MSG.square : UPLOAD_MSG.poster;

/** Null when the dimensions fit the rule, else the spec's message. */
export function shapeProblem(rule: UploadRule, width: number, height: number): string | null {
  if (rule.landscape && !(width > height)) return UPLOAD_MSG.horizontal;
  if (rule.ratio) {
    const [w, h] = rule.ratio;
    if (Math.abs(width / height - w / h) > 0.01 * (w / h)) return ratioMessage(rule);
  }
  return null;
}
