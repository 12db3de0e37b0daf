// How notes HTML looks, the same in the editor and in the read-only view (light and dark).
export const NOTES_CONTENT_CLASSES = [
  'text-sm leading-relaxed break-words [&>:first-child]:mt-0',
  '[&_p]:my-1.5 [&_h2]:mt-3 [&_h2]:mb-1 [&_h2]:text-lg [&_h2]:font-semibold',
  '[&_h3]:mt-2 [&_h3]:mb-1 [&_h3]:font-semibold',
  '[&_ul]:my-1.5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-1.5 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:italic dark:[&_blockquote]:border-slate-600',
  '[&_a]:text-indigo-700 [&_a]:underline dark:[&_a]:text-indigo-300',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono dark:[&_code]:bg-slate-800',
  '[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-100 [&_pre]:p-2 dark:[&_pre]:bg-slate-800',
  '[&_img]:my-2 [&_img]:max-h-64 [&_img]:max-w-full [&_img]:rounded',
].join(' ');
