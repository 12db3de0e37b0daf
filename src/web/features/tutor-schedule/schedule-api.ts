import { getAvailability, saveAvailability } from '../../../contracts/tutor-profile.contract';
import type { WeeklyWindow } from '../../../domain/availability/weekly-window';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const AVAILABILITY_QUERY_KEY = queryKeys.ownProfile.availability;

export const scheduleApi = {
  availability: () => call(getAvailability),
  saveAvailability: (timezone: string, slots: WeeklyWindow[]) =>
    call(saveAvailability, { body: { timezone, slots } }),
};
