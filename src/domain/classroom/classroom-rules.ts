// The classroom's limits, one place for the contract, the server and the page.

/** A Yjs update of the whiteboard, in bytes (base64 on the wire): a stroke is a few hundred. */
export const WHITEBOARD_UPDATE_MAX_BYTES = 256 * 1024;
/** Updates kept beside the snapshot before they are merged into it. */
export const WHITEBOARD_COMPACT_AFTER = 200;
/** An SDP of audio, video and their codecs is ~5-10 KB; this leaves room for more. */
export const SDP_MAX_LENGTH = 64 * 1024;
/** A signal is only useful for seconds: older rows are pruned. */
export const SIGNAL_KEEP_SECONDS = 60;
