import type { ClassroomSignal, ClassroomView } from '../../../contracts/classroom.contract';

// One side of the lesson's 1:1 call over WebRTC (the browser's own API). Media go peer to peer;
// signals travel through our server (HTTP out, the live socket in).
//
// Who offers: always the tutor, so two offers never cross. Each side arrives with `join` and a
// fresh connection; the other side then starts a fresh one too: the tutor offers, the student
// answers `present` (and the tutor offers on it). Audio and video have a transceiver each from
// the start, so a camera switch, camera off or a screen share is a replaceTrack, never a new
// negotiation; a failed connection is mended by an ICE restart (offered by the tutor, asked for
// by the student). A tab announces itself more than once (on start and when its live socket
// is ready), so the tutor may make several connections in a row: each has an id that its offer,
// the answer and every candidate carry, the student answers each new id on a fresh connection,
// and whatever belongs to an older one is dropped (answering a second connection's offer on the
// first's RTCPeerConnection connects ICE but fails DTLS: no video).

export type MediaIssue = 'denied' | 'no-camera' | 'no-devices' | null;
export type Quality = 'good' | 'fair' | 'poor' | 'unknown';
export type Presence = 'absent' | 'joined' | 'reconnecting' | 'left';

export interface PartyState {
  muted: boolean;
  cameraOff: boolean;
  screenSharing: boolean;
}

export interface CallState extends PartyState {
  local: MediaStream | null;
  remote: MediaStream | null;
  mediaIssue: MediaIssue;
  quality: Quality;
  /** The other party, as their tab told us and as our connection to them stands. */
  other: PartyState & { presence: Presence };
  devices: { cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] };
  cameraId: string | null;
  microphoneId: string | null;
}

interface CallOptions {
  role: ClassroomView['me']['role'];
  rtc: RTCConfiguration;
  send(signal: ClassroomSignal): Promise<unknown>;
  onChange(state: CallState): void;
  /** Whether a sent signal failed (the classroom closed): shown by the page. */
  onSendError?(error: unknown): void;
}

const QUALITY_EVERY_MS = 2_000;

/** Our side's description as the contract carries it (only offers and answers are made here). */
function descriptionOf(pc: RTCPeerConnection) {
  const { type, sdp } = pc.localDescription!;
  return { type: type === 'offer' ? ('offer' as const) : ('answer' as const), sdp };
}

export class ClassroomCall {
  private pc: RTCPeerConnection | null = null;
  /** The tutor's id of the connection `pc` is (the tutor's own; the offer's for the student). */
  private connectionId: string | null = null;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  /** Everything that makes or negotiates a connection, one step at a time in order. */
  private steps = Promise.resolve();
  private outgoing = Promise.resolve();
  private screen: MediaStreamTrack | null = null;
  private qualityTimer: ReturnType<typeof setInterval> | undefined;
  private lastInbound = { received: 0, lost: 0 };
  private stopped = false;
  state: CallState = {
    local: null,
    remote: null,
    mediaIssue: null,
    quality: 'unknown',
    muted: false,
    cameraOff: false,
    screenSharing: false,
    other: { presence: 'absent', muted: false, cameraOff: false, screenSharing: false },
    devices: { cameras: [], microphones: [] },
    cameraId: null,
    microphoneId: null,
  };

  constructor(private readonly options: CallOptions) {}

  /** Takes the camera and microphone (what there is), connects, and tells the other side. */
  start() {
    this.qualityTimer = setInterval(() => void this.measureQuality(), QUALITY_EVERY_MS);
    // Signals that come while the camera is being taken wait for it (a connection made without
    // our tracks would only be replaced).
    return this.step(async () => {
      await this.acquireMedia();
      // Left while the camera was being taken: release it at once (the camera light goes off).
      if (this.stopped) return this.releaseMedia();
      this.newConnection();
      this.signal({ kind: 'join' });
    });
  }

  /** Announces again after the live socket came back (signals sent meanwhile were lost). */
  reannounce() {
    return this.step(() => {
      if (this.stopped || this.pc?.connectionState === 'connected') return;
      this.newConnection();
      this.signal({ kind: 'join' });
    });
  }

  /** A signal from the other party, handled one at a time in the order they came. */
  receive(signal: ClassroomSignal) {
    return this.step(() => this.handle(signal));
  }

  /**
   * Runs `work` after every step before it: a step that replaced the connection while another
   * was offering on it would leave the new one never offered (no video, both sides waiting).
   */
  private step(work: () => unknown) {
    this.steps = this.steps.then(work).then(
      () => undefined,
      (error: unknown) => console.warn('classroom: a step of the call failed', error),
    );
    return this.steps;
  }

  setMuted(muted: boolean) {
    for (const track of this.state.local?.getAudioTracks() ?? []) track.enabled = !muted;
    this.update({ muted });
    this.sendState();
  }

  setCameraOff(cameraOff: boolean) {
    for (const track of this.state.local?.getVideoTracks() ?? []) track.enabled = !cameraOff;
    this.update({ cameraOff });
    this.sendState();
  }

  /** Shares the screen in the camera's place until stopped (or the browser's own Stop). */
  async shareScreen() {
    const display = await navigator.mediaDevices.getDisplayMedia({ video: true });
    const track = display.getVideoTracks()[0];
    if (!track) return;
    this.screen = track;
    track.onended = () => void this.stopSharing();
    await this.senderOf('video')?.replaceTrack(track);
    this.update({ screenSharing: true });
    this.sendState();
  }

  async stopSharing() {
    this.screen?.stop();
    this.screen = null;
    await this.senderOf('video')?.replaceTrack(this.state.local?.getVideoTracks()[0] ?? null);
    this.update({ screenSharing: false });
    this.sendState();
  }

  /** Switches to another camera or microphone. */
  async useDevice(kind: 'audio' | 'video', deviceId: string) {
    const stream = await navigator.mediaDevices.getUserMedia({
      [kind]: { deviceId: { exact: deviceId } },
    });
    const track = kind === 'audio' ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0];
    if (!track) return;
    const local = this.state.local ?? new MediaStream();
    for (const old of kind === 'audio' ? local.getAudioTracks() : local.getVideoTracks()) {
      old.stop();
      local.removeTrack(old);
    }
    track.enabled = kind === 'audio' ? !this.state.muted : !this.state.cameraOff;
    local.addTrack(track);
    if (kind === 'audio' || !this.screen) await this.senderOf(kind)?.replaceTrack(track);
    this.update({
      local: new MediaStream(local.getTracks()),
      ...(kind === 'audio' ? { microphoneId: deviceId } : { cameraId: deviceId }),
    });
  }

  /** Leaves: the other side is told, media are released. */
  async leave() {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.qualityTimer);
    this.signal({ kind: 'leave' });
    await this.outgoing;
    this.pc?.close();
    this.pc = null;
    this.releaseMedia();
  }

  private releaseMedia() {
    this.screen?.stop();
    for (const track of this.state.local?.getTracks() ?? []) track.stop();
    this.update({ local: null, remote: null, quality: 'unknown' });
  }

  private async acquireMedia() {
    const media = navigator.mediaDevices;
    let stream: MediaStream | null = null;
    let issue: MediaIssue = null;
    try {
      stream = await media.getUserMedia({ audio: true, video: true });
    } catch (error) {
      const name = (error as DOMException).name;
      if (name === 'NotAllowedError' || name === 'SecurityError') issue = 'denied';
      else {
        // No camera (or it is taken): the microphone alone, else nothing.
        try {
          stream = await media.getUserMedia({ audio: true });
          issue = 'no-camera';
        } catch {
          issue = 'no-devices';
        }
      }
    }
    const devices = await media.enumerateDevices().catch(() => []);
    this.update({
      local: stream,
      mediaIssue: issue,
      devices: {
        cameras: devices.filter((device) => device.kind === 'videoinput' && device.deviceId),
        microphones: devices.filter((device) => device.kind === 'audioinput' && device.deviceId),
      },
      cameraId: stream?.getVideoTracks()[0]?.getSettings().deviceId ?? null,
      microphoneId: stream?.getAudioTracks()[0]?.getSettings().deviceId ?? null,
    });
  }

  private async handle(signal: ClassroomSignal) {
    if (this.stopped) return;
    switch (signal.kind) {
      case 'join':
        // The other side starts afresh: so do we.
        this.newConnection();
        this.setOther({ presence: 'joined' });
        this.sendState();
        if (this.options.role === 'tutor') await this.offer();
        else this.signal({ kind: 'present' });
        return;
      case 'present':
        this.setOther({ presence: 'joined' });
        this.sendState();
        // Only a connection that has not offered yet (an offer under way will be answered).
        if (this.options.role === 'tutor' && this.pc && !this.pc.remoteDescription)
          if (this.pc.signalingState === 'stable') await this.offer();
        return;
      case 'leave':
        this.pc?.close();
        this.pc = null;
        this.setOther({ presence: 'left' });
        this.update({ remote: null, quality: 'unknown' });
        // Ready for their return.
        this.newConnection();
        return;
      case 'restart':
        if (this.options.role === 'tutor') await this.offer(true);
        return;
      case 'state':
        this.setOther({
          ...signal.state,
          ...(signal.state.reconnecting ? { presence: 'reconnecting' as const } : {}),
        });
        return;
      case 'description':
        await this.onDescription(signal.connection, signal.description);
        return;
      case 'candidate': {
        if (signal.connection !== this.connectionId) return;
        if (!this.pc?.remoteDescription) this.pendingCandidates.push(signal.candidate);
        else await this.pc.addIceCandidate(signal.candidate);
        return;
      }
    }
  }

  private async onDescription(connection: string, description: RTCSessionDescriptionInit) {
    if (description.type === 'offer') {
      // The student's side: a new connection of the tutor's gets a fresh one of ours; an offer
      // on the same one renews it (an ICE restart).
      if (!this.pc || connection !== this.connectionId || this.pc.signalingState !== 'stable') {
        this.newConnection();
        this.connectionId = connection;
      }
      const pc = this.pc!;
      await pc.setRemoteDescription(description);
      const local = this.state.local;
      for (const transceiver of pc.getTransceivers()) {
        transceiver.direction = 'sendrecv';
        const kind = transceiver.receiver.track.kind;
        const track =
          kind === 'video' && this.screen
            ? this.screen
            : ((kind === 'audio' ? local?.getAudioTracks() : local?.getVideoTracks())?.[0] ?? null);
        await transceiver.sender.replaceTrack(track);
      }
      await pc.setLocalDescription(await pc.createAnswer());
      this.signal({ kind: 'description', connection, description: descriptionOf(pc) });
    } else {
      if (connection !== this.connectionId || this.pc?.signalingState !== 'have-local-offer')
        return;
      await this.pc.setRemoteDescription(description);
    }
    for (const candidate of this.pendingCandidates.splice(0))
      await this.pc?.addIceCandidate(candidate).catch(() => {});
  }

  private async offer(iceRestart = false) {
    const pc = this.pc;
    const connection = this.connectionId;
    if (!pc || !connection) return;
    if (iceRestart) pc.restartIce();
    await pc.setLocalDescription(await pc.createOffer({ iceRestart }));
    this.signal({ kind: 'description', connection, description: descriptionOf(pc) });
  }

  /** A fresh RTCPeerConnection with our tracks (the old one, if any, is closed). */
  private newConnection() {
    this.pc?.close();
    this.pendingCandidates = [];
    const pc = new RTCPeerConnection(this.options.rtc);
    this.pc = pc;
    // The student learns the id from the tutor's offer.
    this.connectionId = this.options.role === 'tutor' ? crypto.randomUUID() : null;
    const remote = new MediaStream();
    this.update({ remote: null, quality: 'unknown' });
    if (this.options.role === 'tutor') {
      const local = this.state.local;
      pc.addTransceiver(local?.getAudioTracks()[0] ?? 'audio', { direction: 'sendrecv' });
      pc.addTransceiver(this.screen ?? local?.getVideoTracks()[0] ?? 'video', {
        direction: 'sendrecv',
      });
    }
    pc.ontrack = (event) => {
      if (this.pc !== pc) return;
      remote.addTrack(event.track);
      this.update({ remote: new MediaStream(remote.getTracks()) });
    };
    pc.onicecandidate = (event) => {
      if (this.pc === pc && this.connectionId && event.candidate)
        this.signal({
          kind: 'candidate',
          connection: this.connectionId,
          candidate: { ...event.candidate.toJSON(), candidate: event.candidate.candidate },
        });
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      const state = pc.connectionState;
      if (state === 'connected') this.setOther({ presence: 'joined' });
      if (state === 'disconnected') this.setOther({ presence: 'reconnecting' });
      if (state === 'failed') {
        this.setOther({ presence: 'reconnecting' });
        this.restartIce();
      }
    };
    return pc;
  }

  /** Our network changed (back online): a fresh ICE path. */
  restartIce() {
    if (!this.pc || this.stopped) return;
    if (this.options.role === 'tutor') void this.step(() => this.offer(true));
    else this.signal({ kind: 'restart' });
  }

  private senderOf(kind: 'audio' | 'video') {
    return this.pc
      ?.getTransceivers()
      .find((transceiver) => transceiver.receiver.track.kind === kind)?.sender;
  }

  private async measureQuality() {
    const pc = this.pc;
    if (!pc || pc.connectionState !== 'connected') return this.update({ quality: 'unknown' });
    const stats = await pc.getStats();
    let rtt: number | undefined;
    let received = 0;
    let lost = 0;
    stats.forEach((report: RTCStats & Record<string, unknown>) => {
      if (report.type === 'candidate-pair' && report.nominated && report.state === 'succeeded')
        rtt = report.currentRoundTripTime as number | undefined;
      if (report.type === 'inbound-rtp') {
        received += Number(report.packetsReceived ?? 0);
        lost += Number(report.packetsLost ?? 0);
      }
    });
    const delta = {
      received: received - this.lastInbound.received,
      lost: lost - this.lastInbound.lost,
    };
    this.lastInbound = { received, lost };
    const loss = delta.received + delta.lost > 0 ? delta.lost / (delta.received + delta.lost) : 0;
    const quality: Quality =
      rtt === undefined
        ? 'unknown'
        : rtt < 0.3 && loss < 0.02
          ? 'good'
          : rtt < 0.6 && loss < 0.08
            ? 'fair'
            : 'poor';
    this.update({ quality });
  }

  private sendState() {
    const { muted, cameraOff, screenSharing } = this.state;
    this.signal({ kind: 'state', state: { muted, cameraOff, screenSharing, reconnecting: false } });
  }

  /** Sends in order (a candidate after its description). */
  private signal(signal: ClassroomSignal) {
    this.outgoing = this.outgoing
      .then(() => this.options.send(signal))
      .then(
        () => undefined,
        (error: unknown) => this.options.onSendError?.(error),
      );
  }

  private setOther(other: Partial<CallState['other']>) {
    this.update({ other: { ...this.state.other, ...other } });
  }

  private update(next: Partial<CallState>) {
    this.state = { ...this.state, ...next };
    this.options.onChange(this.state);
  }
}
