import {
  CaptureUpdateAction,
  Excalidraw,
  exportToBlob,
  reconcileElements,
} from '@excalidraw/excalidraw';
import '@excalidraw/excalidraw/index.css';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import { type RefObject, useEffect, useRef, useState } from 'react';
import * as Y from 'yjs';
import type { ClassroomLiveEvent } from '../../../contracts/classroom.contract';
import { getWhiteboard } from '../../../contracts/classroom.contract';
import { CLASSROOM_MESSAGES as M } from '../../../domain/messages/classroom';
import { call } from '../../lib/api-client';
import { useTheme } from '../../lib/theme';
import { DownloadIcon } from './call-icons';
import { onClassroomEvents, sendWhiteboardUpdate } from './classroom-api';

// The lesson's whiteboard: Excalidraw as the surface, its elements in a Yjs map (element id ->
// the element as Excalidraw keeps it). A local change writes the elements whose version grew;
// a remote update is merged into the scene with Excalidraw's own reconcile (the higher version
// of an element wins, as in Excalidraw's collaboration). Updates reach the server in batches.

type SceneElement = Parameters<typeof reconcileElements>[0][number];
type RemoteElements = Parameters<typeof reconcileElements>[1];

/** Local updates are gathered this long and sent as one (a stroke moves the pointer often). */
const SEND_EVERY_MS = 80;
const LOCAL = 'local';

const base64Of = (bytes: Uint8Array) => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};
const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

export default function Whiteboard({
  lessonId,
  readOnly,
  title,
}: {
  lessonId: string;
  readOnly: boolean;
  title: string;
}) {
  const { theme } = useTheme();
  const [api, setApi] = useState<ExcalidrawImperativeAPI | null>(null);
  const surface = useRef<HTMLDivElement>(null);
  useNamedMenuButton(surface);
  const doc = useRef(new Y.Doc()).current;
  const elements = doc.getMap<SceneElement>('elements');
  const [loaded, setLoaded] = useState(false);
  /** Shapes on the board (not deleted), on the board's element for tests and tools to read. */
  const [shapes, setShapes] = useState(0);

  // The board from the server, again whenever the live socket comes back; then live updates.
  useEffect(() => {
    if (!api) return;
    let stopped = false;
    const showRemote = () => {
      const remote = [...elements.values()].sort((a, b) =>
        (a.index ?? '') < (b.index ?? '') ? -1 : 1,
      ) as unknown as RemoteElements;
      const scene = reconcileElements(
        api.getSceneElementsIncludingDeleted(),
        remote,
        api.getAppState(),
      );
      api.updateScene({ elements: scene, captureUpdate: CaptureUpdateAction.NEVER });
    };
    const load = async () => {
      const { state } = await call(getWhiteboard, { params: { id: lessonId } });
      if (stopped) return;
      Y.applyUpdate(doc, bytesOf(state), 'server');
      showRemote();
      setLoaded(true);
    };
    void load();
    const observer = (_: unknown, transaction: Y.Transaction) => {
      if (transaction.origin !== LOCAL) showRemote();
    };
    elements.observe(observer);
    const unsubscribe = onClassroomEvents(lessonId, {
      onEvent: (event: ClassroomLiveEvent) => {
        if (event.type === 'classroom.whiteboard')
          Y.applyUpdate(doc, bytesOf(event.update), 'live');
      },
      onReady: () => void load(),
    });
    return () => {
      stopped = true;
      elements.unobserve(observer);
      unsubscribe();
    };
  }, [api, doc, elements, lessonId]);

  // Local changes out, batched.
  useEffect(() => {
    if (readOnly) return;
    let batch: Uint8Array[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const updates = batch;
      batch = [];
      if (updates.length > 0)
        void sendWhiteboardUpdate(lessonId, base64Of(Y.mergeUpdates(updates))).catch(() => {
          // The classroom closed or the network dropped: the board reloads on reconnect.
        });
    };
    const onUpdate = (update: Uint8Array, origin: unknown) => {
      if (origin !== LOCAL) return;
      batch.push(update);
      timer ??= setTimeout(flush, SEND_EVERY_MS);
    };
    doc.on('update', onUpdate);
    return () => {
      doc.off('update', onUpdate);
      clearTimeout(timer);
      flush();
    };
  }, [doc, lessonId, readOnly]);

  const onChange = (scene: readonly SceneElement[]) => {
    const count = scene.filter((element) => !element.isDeleted).length;
    if (count !== shapes) setShapes(count);
    if (readOnly || !loaded) return;
    const changed = scene.filter((element) => {
      const known = elements.get(element.id);
      return !known || known.version < element.version;
    });
    if (changed.length === 0) return;
    // A copy: Yjs keeps the object it is given, and Excalidraw changes an element in place while
    // it is drawn (its version too), so the kept one would never look older and the rest of
    // the stroke would not be sent (the other side saw a rectangle as a dot).
    doc.transact(() => {
      for (const element of changed) elements.set(element.id, structuredClone(element));
    }, LOCAL);
  };

  const exportPng = async () => {
    if (!api) return;
    const blob = await exportToBlob({
      elements: api.getSceneElements(),
      appState: { ...api.getAppState(), exportBackground: true },
      files: api.getFiles(),
      mimeType: 'image/png',
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `whiteboard-${lessonId}.png`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
  };

  return (
    <section aria-label={title} className="flex h-full min-h-0 flex-col">
      <div className="flex items-center justify-between gap-2 pb-2">
        <h2 className="text-sm font-semibold">{title}</h2>
        <button
          type="button"
          onClick={() => void exportPng()}
          className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          <DownloadIcon />
          {M.exportPng}
        </button>
      </div>
      <div
        ref={surface}
        className="min-h-0 flex-1 overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700"
        data-testid="whiteboard"
        data-loaded={loaded}
        data-shapes={shapes}
      >
        <Excalidraw
          excalidrawAPI={setApi}
          onChange={onChange}
          viewModeEnabled={readOnly}
          theme={theme}
          UIOptions={{ canvasActions: { loadScene: false, saveToActiveFile: false } }}
        />
      </div>
    </section>
  );
}

/**
 * Excalidraw 0.18's menu button (the hamburger) is an icon with no accessible name: name it,
 * also when Excalidraw renders it anew (e.g. on a change to the phone layout).
 */
function useNamedMenuButton(surface: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = surface.current;
    if (!root) return;
    const name = () =>
      root
        .querySelectorAll('.main-menu-trigger:not([aria-label])')
        .forEach((button) => button.setAttribute('aria-label', M.whiteboardMenu));
    name();
    const observer = new MutationObserver(name);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [surface]);
}
