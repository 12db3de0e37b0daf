/** The tutor's own lesson packages (issue #11; ours, where spec 3 is silent). */
export const TUTOR_PACKAGES_MESSAGES = {
  title: 'Packages',
  intro:
    'Offer several lessons at once at a discount. Students pay the package price at checkout and schedule the lessons while it is valid.',
  loading: 'Loading packages...',
  loadFailed: 'Unable to load your packages',
  newPackage: 'New package',
  createTitle: 'New package',
  editTitle: 'Edit package',
  edit: 'Edit',
  editNamed: (name: string) => `Edit ${name}`,
  noPackages: 'No packages yet',
  noPackagesHint: 'Create a package to offer students several lessons at a discount.',
  // Form
  name: 'Name',
  namePlaceholder: 'e.g. Exam preparation',
  subject: 'Subject',
  anySubject: 'Any subject',
  numberOfLessons: 'Number of lessons',
  discount: 'Discount (%)',
  validity: 'Valid for (days)',
  description: 'Description (optional)',
  save: 'Save package',
  saving: 'Saving...',
  cancel: 'Cancel',
  saveFailed: 'Failed to save the package',
  created: 'Package created',
  updated: 'Package updated',
  boughtEditNote:
    'Students who already bought this package keep what they bought; changes apply to new purchases.',
  // List
  active: 'Active',
  retired: 'Retired',
  lessons: (count: number) => `${count} lessons`,
  discountOff: (percent: number) => (percent === 0 ? 'No discount' : `${percent}% off`),
  validFor: (days: number) => `Valid for ${days} days`,
  timesBought: (times: number) =>
    times === 0 ? 'Not bought yet' : times === 1 ? 'Bought once' : `Bought ${times} times`,
  retire: 'Retire',
  retireNamed: (name: string) => `Retire ${name}`,
  reactivate: 'Reactivate',
  reactivateNamed: (name: string) => `Reactivate ${name}`,
  retireTitle: 'Retire this package?',
  retireMessage: (name: string) =>
    `Students will no longer be offered “${name}”. Students who bought it keep their lessons.`,
  retireConfirm: 'Retire package',
  retiredToast: 'Package retired',
  reactivatedToast: 'Package reactivated',
  changeFailed: 'Failed to update the package',
  // Example price at the tutor's rate
  examplePrice: (lessons: number, minutes: number, price: string, perLesson: string) =>
    `Students pay ${price} for ${lessons} ${minutes}-minute lessons (${perLesson} each).`,
  exampleBase: (minutes: number, single: string, rate: string) =>
    `A single ${minutes}-minute lesson costs ${single} at your rate of ${rate} per hour.`,
  exampleUnavailable: 'Complete your profile to see prices at your hourly rate.',
} as const;
