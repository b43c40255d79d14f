import { queryOptions, useQuery } from '@tanstack/react-query';
import { CERTIFICATES, type Certificate } from '@eo/contract';
import { call } from '../../../lib/api-call';

export async function getCertificate(id: string, signal?: AbortSignal): Promise<Certificate> {
  const res = await call(CERTIFICATES.get, { params: { id } }, { signal });
  return res.data.result;
}

export const certificateQuery = (id: string) =>
  queryOptions({ queryKey: ['certificates', 'detail', id], queryFn: ({ signal }) => getCertificate(id, signal) });

/** One certificate to edit; idle without an id (create). */
export const useCertificate = (id: string | undefined) => useQuery({ ...certificateQuery(id ?? ''), enabled: Boolean(id) });
