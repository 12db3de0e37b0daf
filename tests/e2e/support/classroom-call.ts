import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPage } from './browser';

// The classroom's call in a browser, for its journey (classroom-live.test.ts) and its bench
// (bench/classroom.bench.ts): Chromium's fake camera and microphone, and what the page's
// RTCPeerConnection says it received.

export const FAKE_MEDIA = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  // The remote video plays with sound without a click (a test has no user gesture).
  '--autoplay-policy=no-user-gesture-required',
];
/** No STUN server here: host candidates connect the two tabs of one machine. */
export const OFFLINE_ICE = { STUN_URLS: '' };

/** Keeps every RTCPeerConnection the page makes, so the test can read its getStats(). */
export function recordPeerConnections(context: BrowserContext) {
  return context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections = made;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    };
  });
}

export type Inbound = { frames: number; bytes: number; localType: string | null };

/** The received video of the page's live connection per getStats (null before there is one). */
export function readInbound(page: Page): Promise<Inbound | null> {
  return page.evaluate(async () => {
    const all = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections;
    const pc = all.filter((candidate) => candidate.connectionState === 'connected').at(-1);
    if (!pc) return null;
    const stats = await pc.getStats();
    let pairId: string | undefined;
    let video: Record<string, unknown> | undefined;
    stats.forEach((report: Record<string, unknown>) => {
      if (report.type === 'transport') pairId = report.selectedCandidatePairId as string;
      if (report.type === 'inbound-rtp' && report.kind === 'video') video = report;
    });
    const pair = pairId ? (stats.get(pairId) as Record<string, unknown>) : undefined;
    const local = pair
      ? (stats.get(pair.localCandidateId as string) as Record<string, unknown>)
      : undefined;
    const now = {
      frames: Number(video?.framesDecoded ?? 0),
      bytes: Number(video?.bytesReceived ?? 0),
      localType: (local?.candidateType as string | undefined) ?? null,
    };
    return now;
  });
}

/** A signed-in tab (browser state `state`) that records its peer connections, on no page yet. */
export async function classroomContext(browser: Browser, state: unknown, view = {}) {
  const tab = await newPage(browser, {
    storageState: state as never,
    timezoneId: 'Europe/London',
    ...view,
  });
  await recordPeerConnections(tab.context);
  return tab;
}

/** A signed-in tab that opened `url` (a classroom), its peer connections recorded. */
export async function classroomTab(browser: Browser, state: unknown, url: string, view = {}) {
  const tab = await classroomContext(browser, state, view);
  await tab.page.goto(url);
  return tab;
}
