/**
 * The image editor popup (after-save-area.md §2; publish-wizard.md §4, §9): crop at the stored size's proportions
 * (1120x840) with react-easy-crop, rotate in the steps 0, 270, 180, 90, zoom, save (re-rendered and uploaded again
 * to the same slot), delete. Loaded only when a photo is edited.
 */
import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { heMedia } from '../../shared/i18n/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import type { CropArea, Rotation } from './device/types.ts';
import type { MediaSession, PhotoEdit } from './session.ts';

/** Spec §9 rotation steps: each press turns a quarter to the left (0 → 270 → 180 → 90 → 0). */
export const nextRotation = (rotation: Rotation): Rotation => ((rotation + 270) % 360) as Rotation;

/** Spec §9: the cropper's edge margin, in pixels. */
const EDGE_MARGIN = 5;

export default function PhotoEditor(props: { session: MediaSession; photoId: string; onClose: () => void }) {
  const { session, photoId, onClose } = props;
  const [source, setSource] = useState<{ url: string; edit: PhotoEdit } | null | undefined>();
  const [rotation, setRotation] = useState<Rotation>(0);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let url: string | undefined;
    let live = true;
    void session.editable(photoId).then((found) => {
      if (!live) {
        if (found) URL.revokeObjectURL(found.url);
        return;
      }
      url = found?.url;
      setSource(found ? { url: found.url, edit: found.edit } : null);
      if (found) setRotation(found.edit.rotation);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [session, photoId]);

  const size = session.size;
  const save = async () => {
    if (!area) return;
    setSaving(true);
    await session.edit(photoId, { rotation, crop: area });
    onClose();
  };

  return (
    <Popup header={heMedia.editor.title} subheader={heMedia.editor.help} onClose={onClose} size={{ width: 700 }}>
      <div className="photo-editor" data-testid="photo-editor">
        <div className="photo-editor__stage">
          {source ? (
            <div className="photo-editor__crop" style={{ inset: EDGE_MARGIN }}>
              <Cropper
                image={source.url}
                crop={crop}
                zoom={zoom}
                rotation={rotation}
                aspect={size.width / size.height}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_: Area, pixels: Area) => setArea(pixels)}
                disableAutomaticStylesInjection
                objectFit="contain"
              />
            </div>
          ) : (
            <p role="status">{source === null ? heMedia.loadFailed(heMedia.photoFallback) : heMedia.editor.loading}</p>
          )}
        </div>
        <div className="photo-editor__tools">
          <button
            type="button"
            className="btn btn--secondary"
            data-testid="photo-rotate"
            onClick={() => setRotation(nextRotation(rotation))}
          >
            {heMedia.editor.rotate} <bdi>({rotation}°)</bdi>
          </button>
          <label className="photo-editor__zoom">
            {heMedia.editor.zoom}
            <input
              type="range"
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              onChange={(event) => setZoom(Number(event.currentTarget.value))}
            />
          </label>
        </div>
        <div className="photo-editor__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={!area || saving}
            aria-busy={saving || undefined}
            onClick={() => void save()}
          >
            {heMedia.editor.save}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            {heMedia.editor.cancel}
          </button>
          <button
            type="button"
            className="btn btn--link photo-editor__remove"
            onClick={() => {
              session.remove(photoId);
              onClose();
            }}
          >
            {heMedia.editor.remove}
          </button>
        </div>
      </div>
    </Popup>
  );
}
