import Module from 'node:module';
import { cleanup, configure } from '@testing-library/react';
// Preact's compat layer (the component tests alias React to it, as the build does).
import * as compat from 'react';
import { afterAll, afterEach } from 'vitest';

// Component tests run in jsdom, which lacks a few browser features our UI uses. These fill them in
// the way a desktop browser behaves; they stand in for the browser, never for our own code.

// <dialog>: showModal()/close() toggle `open` (jsdom hides a dialog without it).
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

// matchMedia: a desktop-sized window, where no phone media query matches.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      media: query,
      matches: false,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}

// Layout of a text range (the notes editor scrolls its caret into view): jsdom lays nothing
// out, so a range measures like an element does there, as empty.
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => document.createElement('span').getClientRects();
  Range.prototype.getBoundingClientRect = () =>
    document.createElement('span').getBoundingClientRect();
}
document.elementFromPoint ??= () => null;

// createImageBitmap: jsdom decodes no pictures. This one decodes the bytes for real (with sharp,
// the server's image library) and, like a browser, refuses what is not a picture.
// (jsdom's Blob has no arrayBuffer(): its FileReader reads the bytes.)
const bytesOf = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
if (!globalThis.createImageBitmap) {
  globalThis.createImageBitmap = async (source: ImageBitmapSource) => {
    const { default: sharp } = await import('sharp');
    try {
      const bytes = Buffer.from(await bytesOf(source as Blob));
      const { info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, close: () => {} };
    } catch {
      throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    }
  };
}

// findBy/waitFor give the page 5 s (not 1 s) to show what it should: jsdom on a busy machine
// is slow, and a wait ends as soon as the page is right.
configure({ asyncUtilTimeout: 5_000 });

afterEach(cleanup);

// Preact runs effects after the next frame, with a 35 ms timer in case no frame comes; that timer
// calls cancelAnimationFrame. Let the last test's frame pass before jsdom is torn down, or the
// timer fires afterwards, finds no cancelAnimationFrame, and fails the run as an uncaught error.
afterAll(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

// A CommonJS library (Tiptap's use-sync-external-store helper) is loaded by Node, past the
// aliases: its require('react') gets the one compat instance the components render with, as the
// bundler gives it in the build. Two copies would have two hook states.
type Require = (this: NodeJS.Module, id: string) => unknown;
const nodeRequire = (Module.prototype as { require: Require }).require;
(Module.prototype as { require: Require }).require = function requireReactAsCompat(id) {
  return id === 'react' ? compat : nodeRequire.call(this, id);
};
