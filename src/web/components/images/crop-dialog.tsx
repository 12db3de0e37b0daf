import { RotateCcw, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;
const ZOOM_STEP = 0.1;

/** Round crop of a chosen photo: aspect 1, zoom 1x-3x, rotation by 90°. */
export function CropDialog({
  imageUrl,
  busy,
  onCancel,
  onConfirm,
}: {
  imageUrl: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (area: Area, rotation: number) => void;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area | null>(null);
  const zoomId = useId();

  return (
    <Dialog
      open={imageUrl !== null}
      onClose={onCancel}
      dismissible={!busy}
      title="Crop your photo"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => area && onConfirm(area, rotation)} disabled={!area || busy}>
            {busy ? 'Uploading...' : 'Save photo'}
          </Button>
        </>
      }
    >
      <div className="relative h-72 w-full overflow-hidden rounded-lg bg-slate-900 sm:h-80">
        {imageUrl && (
          <Cropper
            image={imageUrl}
            crop={crop}
            zoom={zoom}
            rotation={rotation}
            aspect={1}
            cropShape="round"
            showGrid={false}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            zoomSpeed={ZOOM_STEP}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onRotationChange={setRotation}
            onCropComplete={(_, pixels) => setArea(pixels)}
          />
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <label htmlFor={zoomId} className="text-sm font-medium">
          Zoom
        </label>
        <input
          id={zoomId}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={ZOOM_STEP}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="flex-1 accent-indigo-600"
        />
        <span className="w-10 text-sm tabular-nums">{zoom.toFixed(1)}x</span>
        <Button
          variant="secondary"
          aria-label="Rotate left"
          onClick={() => setRotation((value) => (value + 270) % 360)}
        >
          <RotateCcw aria-hidden className="h-4 w-4" />
        </Button>
        <Button
          variant="secondary"
          aria-label="Rotate right"
          onClick={() => setRotation((value) => (value + 90) % 360)}
        >
          <RotateCw aria-hidden className="h-4 w-4" />
        </Button>
      </div>
    </Dialog>
  );
}
