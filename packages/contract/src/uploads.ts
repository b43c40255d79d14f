/**
 * Upload rules of spec sections 5 and 9, by `docType`: the accepted content types (sniffed
 * from the bytes by the server), the size limit and the shape. The web app checks the same
 * table before sending; the server decides.
 */
export const MB = 1024 * 1024;

export type UploadKind = 'png' | 'jpeg' | 'csv' | 'pdf';
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
  /** Images: width × height at most this, checked from the header before anything is decoded. */
  maxPixels?: number;
}

/** The media type of each kind, as the server sends it back and a browser reports a picked file. */
export const UPLOAD_KIND_MEDIA_TYPE = { png: 'image/png', jpeg: 'image/jpeg', csv: 'text/csv', pdf: 'application/pdf' } as const satisfies Record<UploadKind, string>;

const IMAGE_KINDS: UploadKind[] = ['png', 'jpeg'];
/**
 * What a registration question takes as files: an image question images; a file question its
 * `accept` (pdf, image), both when unset. The public form offers these, the server checks them.
 */
export function answerFileKinds(q: { type: string; accept: readonly string[] | null }): UploadKind[] {
  if (q.type === 'image') return IMAGE_KINDS;
  const accept = q.accept?.length ? q.accept : ['pdf', 'image'];
  return accept.flatMap((a): UploadKind[] => (a === 'pdf' ? ['pdf'] : a === 'image' ? IMAGE_KINDS : []));
}

/** Pixel caps: a 1.3 MB PNG can declare 99 megapixels and cost gigabytes once decoded. */
export const MEGAPIXEL = 1_000_000;
export const TEMPLATE_MAX_PIXELS = 25 * MEGAPIXEL;
export const IMAGE_MAX_PIXELS = 16 * MEGAPIXEL;

export const IMAGE_DOC_TYPES = ['EventImage', 'Others', 'OrganizationLogo', 'TwibbonTemplate', 'TwibbonPoster'] as const;
export const FILE_DOC_TYPES = ['CSV', 'CertificateTemplate'] as const;
/** Files a participant uploads on the public pages (answers to image and file questions): private to the event's organization. */
export const PUBLIC_DOC_TYPES = ['RegistrationAnswer'] as const;
export type ImageDocType = (typeof IMAGE_DOC_TYPES)[number];
export type FileDocType = (typeof FILE_DOC_TYPES)[number];
export type PublicDocType = (typeof PUBLIC_DOC_TYPES)[number];
export type DocType = ImageDocType | FileDocType | PublicDocType;

export const UPLOAD_RULES: Record<DocType, UploadRule> = {
  EventImage: { kinds: ['jpeg', 'png'], maxBytes: 3 * MB, maxLabel: 3, ratio: [4, 5], maxPixels: IMAGE_MAX_PIXELS },
  OrganizationLogo: { kinds: ['jpeg', 'png'], maxBytes: 5 * MB, maxLabel: 5, maxPixels: IMAGE_MAX_PIXELS },
  TwibbonTemplate: { kinds: ['png'], maxBytes: 5_000_000, maxLabel: 5, ratio: [1, 1], maxPixels: IMAGE_MAX_PIXELS },
  TwibbonPoster: { kinds: ['jpeg', 'png'], maxBytes: 5 * MB, maxLabel: 5, ratio: [1, 1], maxPixels: IMAGE_MAX_PIXELS },
  Others: { kinds: ['jpeg', 'png'], maxBytes: 5_000_000, maxLabel: 5, maxPixels: IMAGE_MAX_PIXELS },
  CertificateTemplate: { kinds: ['jpeg', 'png'], maxBytes: 5_000_000, maxLabel: 5, landscape: true, maxPixels: TEMPLATE_MAX_PIXELS },
  CSV: { kinds: ['csv'], maxBytes: 20 * MB, maxLabel: 20, private: true },
  /** An image question takes png/jpeg; a file question what its `accept` names (pdf, image). */
  RegistrationAnswer: { kinds: ['jpeg', 'png', 'pdf'], maxBytes: 5 * MB, maxLabel: 5, private: true, maxPixels: IMAGE_MAX_PIXELS },
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
  tooManyPixels: 'Resolusi gambar terlalu besar: maksimal {n} megapiksel',
} as const;

/** Null when the image's pixel count fits the rule, else the message (with the cap in megapixels). */
export function pixelProblem(rule: UploadRule, width: number, height: number): string | null {
  if (!rule.maxPixels || width * height <= rule.maxPixels) return null;
  return UPLOAD_MSG.tooManyPixels.replace('{n}', String(rule.maxPixels / MEGAPIXEL));
}

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
