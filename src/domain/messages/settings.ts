/** The account Settings page of students and tutors (ours: the spec names only the page). */
export const SETTINGS_MESSAGES = {
  profileSaved: 'Your details were saved',
  photoSaved: 'Your photo was saved',
  photoRemoved: 'Your photo was removed',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is not correct',
  samePassword: 'Your new password must be different from the current one',
  googleNoPassword:
    'You sign in with Google, so there is no password to change. Use Forgot password on the sign-in page to set one.',
  sameEmail: 'This is already your email address',
  emailCodeSent: 'We sent a 6-digit code to your new address',
  emailChanged: 'Your email address was changed',
  photoNotYours: 'Please upload the photo again',
  confirmDeleteWord: 'Please type DELETE in capital letters to confirm',
  accountDeleted: 'Your account was deleted',
  updateFailed: 'Failed to update user',
  loadFailed: 'We could not load your settings.',
  notificationsSaved: 'Your notification settings were saved',
  notificationsLoadFailed: 'We could not load your notification settings.',
} as const;
