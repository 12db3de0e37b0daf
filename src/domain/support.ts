/** Where users reach a person (help dialog, forgot-password page). */
export const SUPPORT_EMAIL = 'support@tutora.app';
