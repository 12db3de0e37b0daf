import { useEffect, useId, useRef, useState } from 'react';
import { CLASSROOM_MESSAGES as M } from '../../../domain/messages/classroom';
import { Banner } from '../../components/ui/banner';
import {
  CameraIcon,
  CameraOffIcon,
  LeaveIcon,
  MicIcon,
  MicOffIcon,
  ScreenIcon,
  SignalIcon,
} from './call-icons';
import type { CallState, ClassroomCall } from './classroom-call';

// The call's screen: the other party's video (with their state), ours in a corner, and the
// controls, each a labelled button or select (keyboard-operable).

function StreamVideo({
  stream,
  label,
  muted,
  testId,
  className,
}: {
  stream: MediaStream | null;
  label: string;
  muted: boolean;
  testId: string;
  className: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream)
      video.play().then(
        () => setBlocked(false),
        // Autoplay with sound needs a gesture on a page opened by reload: offer the button.
        (error: unknown) => setBlocked((error as DOMException).name === 'NotAllowedError'),
      );
  }, [stream]);
  return (
    <>
      <video
        ref={ref}
        aria-label={label}
        data-testid={testId}
        playsInline
        muted={muted}
        className={className}
      />
      {blocked && (
        <button
          type="button"
          onClick={() => void ref.current?.play().then(() => setBlocked(false))}
          className="absolute inset-0 m-auto h-fit w-fit rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white"
        >
          {M.playMedia}
        </button>
      )}
    </>
  );
}

const QUALITY_COLOUR = {
  // The -700 shades: the -600 ones fall under 4.5:1 on the page's light background (axe).
  good: 'text-emerald-700 dark:text-emerald-400',
  fair: 'text-amber-700 dark:text-amber-400',
  poor: 'text-red-700 dark:text-red-400',
  unknown: 'text-slate-600 dark:text-slate-400',
} as const;

export function VideoPanel({
  call,
  state,
  otherName,
  onLeave,
}: {
  call: ClassroomCall;
  state: CallState;
  otherName: string;
  onLeave: () => void;
}) {
  const cameraSelect = useId();
  const micSelect = useId();
  const [shareFailed, setShareFailed] = useState(false);
  const { other } = state;
  const otherNotes = [
    other.presence === 'absent' && M.otherState.absent(otherName),
    other.presence === 'reconnecting' && M.otherState.reconnecting(otherName),
    other.presence === 'left' && M.otherState.left(otherName),
    other.presence === 'joined' && other.muted && M.otherMuted(otherName),
    other.presence === 'joined' && other.cameraOff && M.otherCameraOff(otherName),
  ].filter((note): note is string => Boolean(note));

  const control =
    'inline-flex items-center justify-center gap-1.5 rounded-lg border px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
  const off =
    'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';
  const on =
    'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100';
  const hasAudio = Boolean(state.local?.getAudioTracks().length);
  const hasVideo = Boolean(state.local?.getVideoTracks().length);

  return (
    <section aria-label={M.video} className="space-y-2">
      {state.mediaIssue && (
        <Banner kind="warning" dismissible={false}>
          {state.mediaIssue === 'denied'
            ? M.permissionDenied
            : state.mediaIssue === 'no-camera'
              ? M.noCamera
              : M.noDevices}
        </Banner>
      )}
      <div className="relative aspect-video overflow-hidden rounded-lg bg-slate-900">
        <StreamVideo
          stream={state.remote}
          label={M.remoteVideo(otherName)}
          muted={false}
          testId="remote-video"
          className="h-full w-full object-contain"
        />
        {hasVideo && (
          <StreamVideo
            stream={state.local}
            label={M.localVideo}
            muted
            testId="local-video"
            className="absolute right-2 bottom-2 w-1/4 rounded border border-white/40 bg-slate-800 object-cover"
          />
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p role="status" aria-live="polite" data-testid="other-state" className="min-h-5">
          {otherNotes.length > 0 ? otherNotes.join(' · ') : M.otherState.joined(otherName)}
        </p>
        <p
          className={`inline-flex items-center gap-1 ${QUALITY_COLOUR[state.quality]}`}
          data-testid="quality"
        >
          <SignalIcon />
          {M.quality}: {M.qualityLabels[state.quality]}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={`${control} ${state.muted ? on : off}`}
          aria-pressed={state.muted}
          disabled={!hasAudio}
          onClick={() => call.setMuted(!state.muted)}
        >
          {state.muted ? <MicOffIcon /> : <MicIcon />}
          {state.muted ? M.unmute : M.mute}
        </button>
        <button
          type="button"
          className={`${control} ${state.cameraOff ? on : off}`}
          aria-pressed={state.cameraOff}
          disabled={!hasVideo}
          onClick={() => call.setCameraOff(!state.cameraOff)}
        >
          {state.cameraOff ? <CameraOffIcon /> : <CameraIcon />}
          {state.cameraOff ? M.cameraOn : M.cameraOff}
        </button>
        <button
          type="button"
          className={`${control} ${state.screenSharing ? on : off}`}
          aria-pressed={state.screenSharing}
          onClick={() => {
            setShareFailed(false);
            if (state.screenSharing) void call.stopSharing();
            else void call.shareScreen().catch(() => setShareFailed(true));
          }}
        >
          {state.screenSharing ? <ScreenIcon off /> : <ScreenIcon />}
          {state.screenSharing ? M.stopSharing : M.shareScreen}
        </button>
        <button
          type="button"
          className={`${control} border-red-600 bg-red-600 text-white hover:bg-red-700`}
          onClick={onLeave}
        >
          <LeaveIcon />
          {M.leave}
        </button>
      </div>
      {shareFailed && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {M.screenShareFailed}
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        {state.devices.cameras.length > 0 && (
          <DeviceSelect
            id={cameraSelect}
            label={M.camera}
            devices={state.devices.cameras}
            value={state.cameraId}
            onChange={(deviceId) => void call.useDevice('video', deviceId)}
          />
        )}
        {state.devices.microphones.length > 0 && (
          <DeviceSelect
            id={micSelect}
            label={M.microphone}
            devices={state.devices.microphones}
            value={state.microphoneId}
            onChange={(deviceId) => void call.useDevice('audio', deviceId)}
          />
        )}
      </div>
    </section>
  );
}

function DeviceSelect({
  id,
  label,
  devices,
  value,
  onChange,
}: {
  id: string;
  label: string;
  devices: MediaDeviceInfo[];
  value: string | null;
  onChange: (deviceId: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
      >
        {devices.map((device, index) => (
          <option key={device.deviceId} value={device.deviceId}>
            {device.label || `${label} ${index + 1}`}
          </option>
        ))}
      </select>
    </div>
  );
}
