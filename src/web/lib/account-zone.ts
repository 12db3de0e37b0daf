import { canonicalTimeZone } from '../../domain/availability/time-zones';
import { useSession } from './session';

// One rule for every screen (ADR 026): times are shown in the account's timezone, which
// sign-up stores from the browser. The device's zone is only a fallback while nobody is signed
// in (or the account has none yet) and the notice that offers to switch.

/** The zone this device's clock is set to, by its current IANA name ("Europe/Kyiv"). */
export const deviceTimeZone = () =>
  canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** Every zone this browser knows (its names; the selectors list them by current names). */
export const runtimeTimeZones = (): string[] =>
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** The zone the signed-in account reads times in; the device's for a visitor. */
export function useAccountZone(): string {
  const { user } = useSession();
  return user?.timezone ?? deviceTimeZone();
}
