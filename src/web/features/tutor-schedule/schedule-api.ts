import type { AvailabilityResponse } from '../../../contracts/tutor-profile.contract';
import type { WeeklySlot } from '../../../domain/availability/weekly-slot';
import { api } from '../../lib/api-client';

export const AVAILABILITY_QUERY_KEY = ['tutor', 'availability'];

export const scheduleApi = {
  availability: () => api.get<AvailabilityResponse>('/api/tutor/availability'),
  saveAvailability: (timezone: string, slots: WeeklySlot[]) =>
    api.put<AvailabilityResponse>('/api/tutor/availability', { timezone, slots }),
};
