import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CERTIFICATES, PAGE_SIZE, type Certificate, type CertStatus, type Paged } from '@eo/contract';
import { call } from '../../../lib/api-call';
import { getUser } from '../../../lib/session-store';

/** How often the list asks again while a certificate is being published. */
export const PUBLISHING_REFETCH_MS = 3000;

/** The API query of `GET /v1/certificates` (spec section 7); scoped by the user's email and id. */
export function certificateListQuery(page: number, status: CertStatus | null) {
  const user = getUser();
  return {
    page,
    limit: PAGE_SIZE,
    sortBy: 'desc' as const,
    sortParam: 'createdAt' as const,
    filters: status ? JSON.stringify({ status }) : undefined,
    showSponsored: 'false',
    creator: user?.email,
    userId: user?.profile.userId,
  };
}

export async function getCertificates(page: number, status: CertStatus | null, signal?: AbortSignal): Promise<Paged<Certificate>> {
  const res = await call(CERTIFICATES.list, { query: certificateListQuery(page, status) }, { signal });
  return res.data;
}

export const certificatesQuery = (page: number, status: CertStatus | null) =>
  queryOptions({
    queryKey: ['certificates', 'list', page, status],
    queryFn: ({ signal }) => getCertificates(page, status, signal),
    placeholderData: keepPreviousData,
    // Progress moves on the server: poll only while a row is publishing.
    refetchInterval: (q) => (q.state.data?.docs.some((c) => c.status === 'publishing') ? PUBLISHING_REFETCH_MS : false),
  });

export const useCertificates = (page: number, status: CertStatus | null) => useQuery(certificatesQuery(page, status));
