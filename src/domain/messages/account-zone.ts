// The notice shown when the device's clock is in another zone than the account's (ADR 026).
const city = (zone: string) => zone.replaceAll('_', ' ');

export const ACCOUNT_ZONE_MESSAGES = {
  differs: (accountZone: string, deviceZone: string) =>
    `Times are shown in your account's timezone, ${city(accountZone)}. This device is set to ${city(deviceZone)}.`,
  switchToDevice: (deviceZone: string) => `Use ${city(deviceZone)}`,
  keepAccount: (accountZone: string) => `Keep ${city(accountZone)}`,
  switched: (zone: string) => `Times are now shown in ${city(zone)}`,
  switchFailed: 'Could not change your timezone. Please try again.',
} as const;
