export const DISCOVERY_MESSAGES = {
  // Search screen
  searchTitle: 'Find Your Perfect Tutor',
  /** `atLeast`: more tutors match than a search counts (ADR 042): "Showing 10 of 1000+ tutors". */
  showingOf: (shown: number, total: number, atLeast = false) =>
    `Showing ${shown} of ${total}${atLeast ? '+' : ''} ${total === 1 && !atLeast ? 'tutor' : 'tutors'}`,
  showingFor: (count: number, subjects: readonly string[]) =>
    `Showing ${count} ${count === 1 ? 'tutor' : 'tutors'} for ${subjects.join(', ')}`,
  /** More matches than one page holds: the page's count, the total, and the subjects. */
  showingOfFor: (shown: number, total: number, subjects: readonly string[], atLeast = false) =>
    `Showing ${shown} of ${total}${atLeast ? '+' : ''} tutors for ${subjects.join(', ')}`,
  loadingResults: 'Loading results...',
  errorLoading: 'Error loading tutors',
  noTutors: 'No tutors found',
  loadTutorsFailed: 'Failed to load tutors. Please try again later.',
  newTutor: 'New Tutor',
  // Tutor profile page
  profileNotFound: 'Tutor Profile Not Found',
  loadProfileFailed: 'Failed to load tutor profile',
  loadProfileFailedText: 'Failed to load tutor profile. Please try again later.',
  noReviewsYet: 'No reviews yet',
  noReviewsList: 'No reviews yet.',
  showAllReviews: (count: number) => `Show All Reviews (${count})`,
  showMoreReviews: 'Show more reviews',
  reviewsFailed: 'Could not load reviews',
  noAvailability: 'This tutor has not set their availability yet.',
  showFullSchedule: 'Show Full Schedule',
  hideSchedule: 'Hide Schedule',
  readMore: 'Read more',
  showLess: 'Show less',
  /** The student sidebar's search box (spec 3 names the box, not its text: ours). */
  sidebarSearch: 'Search tutors...',
  sidebarSearchLabel: 'Search tutors by name or subject',
  // Search filters refused by the search endpoint (ours, where the spec is silent).
  searchQueryTooLong: 'Search text can be at most 100 characters',
  searchPriceRange: 'Price must be between $0 and $200',
  searchPriceOrder: 'The minimum price must be at least $1 below the maximum price',
  searchRating: 'Minimum rating must be one of 4.5, 4.0, 3.5 or 3.0',
  searchSort: 'Sort must be relevance, price_asc, price_desc or rating',
  searchPage: 'Page must be a whole number from 1 to 1000',
  searchPriceIgnored: 'Showing all prices until the range is fixed.',
} as const;
