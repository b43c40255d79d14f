import { useQuery } from '@tanstack/react-query';
import { CERT_DEFAULTS, CERTIFICATES, previewMissing, SAVE_TIMEOUT_MS, type Certificate, type CertificatePreviewInput } from '@eo/contract';
import { call } from '../../../lib/api-call';

/**
 * Renders the template with the sample name and first number on the server; answers a PNG data
 * URL. Gives up after 5000 ms like the saves (spec section 8 counts previews among them).
 */
export async function previewCertificate(input: CertificatePreviewInput, signal?: AbortSignal): Promise<string> {
  const res = await call(CERTIFICATES.preview, { body: input }, {
    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(SAVE_TIMEOUT_MS)]) : AbortSignal.timeout(SAVE_TIMEOUT_MS),
  });
  return res.data.data.result.data;
}

/** The preview of a stored certificate, with the sample name (spec section 9). */
export const previewInputOf = (c: Certificate): CertificatePreviewInput => ({
  eventId: c.event?.id ?? null,
  recipientName: CERT_DEFAULTS.sampleName,
  templateBackgroundUrl: c.templateBackgroundUrl,
  serialNumberPrefix: c.serialNumberPrefix,
  templateObjects: c.templateObjects,
});

/**
 * The list modal's preview. A certificate that cannot be previewed (a draft still lacking its
 * event, say) is simply not asked for: the spec has the list's preview fail silently.
 */
export function useStoredPreview(c: Certificate | null) {
  const input = c ? previewInputOf(c) : null;
  const ready = Boolean(input && !previewMissing(input));
  return useQuery({
    queryKey: ['certificates', 'preview', c?.id ?? null, c?.updatedAt ?? null],
    queryFn: ({ signal }) => previewCertificate(input!, signal),
    enabled: ready,
    retry: false,
    staleTime: 60_000,
  });
}
