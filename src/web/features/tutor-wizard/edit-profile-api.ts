import { useQuery } from '@tanstack/react-query';
import { SECTIONS_QUERY_KEY, wizardApi } from './wizard-api';

/** The submitted profile as the wizard's steps; 404 (NOT_FOUND) while it is not submitted. */
export function useProfileSections() {
  return useQuery({ queryKey: SECTIONS_QUERY_KEY, queryFn: wizardApi.sections, retry: false });
}
