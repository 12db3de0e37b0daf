// Reporting (issue #15): how much a reporter may say and how often. The server counts a
// reporter's reports in the database, so the limit holds across API processes.

/** The reporter's own words, optional. */
export const REPORT_DETAILS_MAX = 2000;

/** At most this many new reports per reporter in one window. */
export const REPORTS_PER_WINDOW = 5;
export const REPORT_WINDOW_MINUTES = 60;

/** Admin lists of reports, a page at a time. */
export const REPORTS_PAGE_SIZE = 20;

/** What an admin writes when hiding a review or dismissing a report. */
export const MODERATION_NOTE_MAX = 1000;
