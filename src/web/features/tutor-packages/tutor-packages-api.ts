import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createTutorPackage,
  listTutorPackages,
  setTutorPackageActive,
  updateTutorPackage,
  type TutorPackage,
  type TutorPackageInput,
} from '../../../contracts/packages.contract';
import { getOwnProfileId } from '../../../contracts/tutor-profile.contract';
import { getTutorProfile } from '../../../contracts/tutors.contract';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The signed-in tutor's own packages, active and retired. */
export function useOwnPackages() {
  return useQuery({
    queryKey: queryKeys.ownPackages,
    queryFn: async () => (await call(listTutorPackages)).packages,
    // The error panel offers Try Again: no silent retries before it shows.
    retry: false,
  });
}

/** A saved package replaces its old self in the list (or joins it), then the list reloads. */
function useAdoptSaved() {
  const client = useQueryClient();
  return (saved: TutorPackage) => {
    client.setQueryData<TutorPackage[]>(queryKeys.ownPackages, (packages = []) =>
      packages.some((pkg) => pkg.id === saved.id)
        ? packages.map((pkg) => (pkg.id === saved.id ? saved : pkg))
        : [...packages, saved],
    );
    return client.invalidateQueries({ queryKey: queryKeys.ownPackages });
  };
}

/** Creates a package (`id` null) or changes one. */
export function useSavePackage() {
  const adopt = useAdoptSaved();
  return useMutation({
    mutationFn: async ({ id, values }: { id: string | null; values: TutorPackageInput }) =>
      (id === null
        ? await call(createTutorPackage, { body: values })
        : await call(updateTutorPackage, { params: { id }, body: values })
      ).package,
    onSuccess: adopt,
  });
}

/** Retires a package (no longer offered) or offers it again. */
export function useSetPackageActive() {
  const adopt = useAdoptSaved();
  return useMutation({
    mutationFn: async ({ id, isActive }: { id: string; isActive: boolean }) =>
      (await call(setTutorPackageActive, { params: { id }, body: { isActive } })).package,
    onSuccess: adopt,
  });
}

/**
 * What the tutor teaches and charges, from their own public profile (as students see it):
 * the subjects a package may be limited to and the rate its example price uses. Null until
 * known, and for a tutor whose profile is not submitted yet.
 */
export function useOwnTeaching() {
  const profileId = useQuery({
    queryKey: queryKeys.ownProfile.id,
    queryFn: async () => (await call(getOwnProfileId)).tutorProfileId,
    retry: false,
    staleTime: Infinity,
  });
  const id = profileId.data ?? '';
  const profile = useQuery({
    // The key the profile page and booking screens use: one cached profile.
    queryKey: queryKeys.tutors.profile(id),
    queryFn: () => call(getTutorProfile, { params: { id } }),
    enabled: profileId.isSuccess,
    retry: false,
  });
  if (!profile.data) return null;
  return { subjects: profile.data.subjects, hourlyRateCents: profile.data.hourlyRateCents };
}
export type OwnTeaching = NonNullable<ReturnType<typeof useOwnTeaching>>;
