import { useQuery } from '@tanstack/react-query';
import { getReference } from '../../contracts/reference.contract';
import {
  DEFAULT_REFERENCE_DATA,
  type ReferenceData,
} from '../../domain/reference/reference-defaults';
import { call } from './api-client';
import { queryKeys } from './query-keys';

/** Reads GET /api/reference; the built-in defaults when the call or its shape fails. */
export async function loadReferenceData(): Promise<ReferenceData> {
  try {
    return await call(getReference);
  } catch (error) {
    console.warn('Reference data unavailable, using built-in defaults', error);
    return DEFAULT_REFERENCE_DATA;
  }
}

/** Loaded once per visit (prefetched at start) and cached for its lifetime. */
export const referenceQuery = {
  queryKey: queryKeys.reference,
  queryFn: loadReferenceData,
  staleTime: Infinity,
} as const;

export function useReferenceData(): ReferenceData {
  return useQuery(referenceQuery).data ?? DEFAULT_REFERENCE_DATA;
}
